// The contacts page in Chromium against the real API and the sandbox provider (issue 9): create, edit (with extra
// info), a contact created elsewhere appearing live, delete, the phone-book import (its running state, then the count),
// the CSV export's content, and a ticket created from a contact (and the error when one is already open).
// Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { apiCall, apiLogin as harnessLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const ADMIN = 'admin@demo.atende.local';
const WIDE = { width: 1366, height: 800 };
/** A customer who writes to the sandbox connection: that puts the number in the connection's phone book. */
const PHONE = '5511966660001';
const PHONE_NAME = 'Paula Agenda';

let db;
let mailbox;
let api;
let browser;
/** The admin page's own token (a second login would end its session) and the super user's (sandbox phones). */
let token;
let superToken;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin('super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const apiLogin = (email) => harnessLogin(api.url, email);
const call = (method, path, body, as = token) => apiCall(api.url, as, method, path, body);
const ok = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);

const contactByNumber = async (number) => (await ok('GET', `/contacts?searchParam=${number}`)).contacts.find((c) => c.number === number);

describe('the contacts page in Chromium', { concurrency: false }, () => {
  let page;
  const table = () => page.getByRole('grid', { name: 'Lista de contatos' });
  const row = (name) => table().getByRole('row', { name: new RegExp(name) });

  it('signs in and lists the contacts, one of them from a phone that wrote to the sandbox', async () => {
    page = await signInPage(browser, api.url, ADMIN, { viewport: WIDE, contextOptions: { acceptDownloads: true } });
    token = await tokenOf(page);

    const whatsappId = await until(
      async () => (await ok('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
      'the sandbox connection',
    );
    await ok('POST', `/sandbox/phones/${PHONE}/messages`, { whatsappId, body: 'Olá! Quero um orçamento.', name: PHONE_NAME }, superToken);
    await until(() => contactByNumber(PHONE), 'the phone to become a contact');

    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor();
    await row(PHONE_NAME).waitFor();
    assert.match(await row(PHONE_NAME).textContent(), new RegExp(PHONE));
  });

  it('creates a contact from the modal', async () => {
    await page.getByRole('button', { name: 'Adicionar Contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('R');
    await dialog.getByRole('textbox', { name: 'Número do WhatsApp' }).fill('5511955550001');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Rita Teste');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('rita@example.com');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Contato salvo com sucesso!').first().waitFor();
    await row('Rita Teste').waitFor();
    const rita = await contactByNumber('5511955550001');
    assert.equal(rita.name, 'Rita Teste');
    assert.equal(rita.email, 'rita@example.com');
  });

  it('edits it, with an extra info row', async () => {
    await page.getByRole('button', { name: 'Editar Rita Teste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar contato' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Rita Alterada');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByRole('textbox', { name: 'Nome do campo' }).fill('Cidade');
    await dialog.getByRole('textbox', { name: 'Valor' }).fill('Campinas');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await row('Rita Alterada').waitFor();
    assert.equal(await row('Rita Teste').count(), 0);
    const rita = await ok('GET', `/contacts/${(await contactByNumber('5511955550001')).id}`);
    assert.equal(rita.name, 'Rita Alterada');
    assert.deepEqual(
      rita.extraInfo.map(({ name, value }) => ({ name, value })),
      [{ name: 'Cidade', value: 'Campinas' }],
    );
    // Opened again, the form starts with the saved extra info.
    await page.getByRole('button', { name: 'Editar Rita Alterada' }).click();
    const again = page.getByRole('dialog', { name: 'Editar contato' });
    assert.equal(await again.getByRole('textbox', { name: 'Valor' }).inputValue(), 'Campinas');
    await again.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('shows a contact created elsewhere, live', async () => {
    await ok('POST', '/contacts', { name: 'Sergio Remoto', number: '5511944440001' });
    await row('Sergio Remoto').waitFor();
  });

  it('searches (debounced, lower-cased)', async () => {
    const search = page.getByRole('searchbox', { name: 'Pesquisar contatos' });
    const searched = page.waitForRequest((request) => new URL(request.url()).searchParams.get('searchParam') === 'rita');
    await search.fill('RITA');
    await searched;
    await until(async () => (await row(PHONE_NAME).count()) === 0, 'the search to filter the list');
    await row('Rita Alterada').waitFor();
    await search.fill('');
    await row(PHONE_NAME).waitFor();
  });

  it('deletes a contact after the confirmation', async () => {
    const paula = await contactByNumber(PHONE);
    await page.getByRole('button', { name: `Excluir ${PHONE_NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Excluir ${PHONE_NAME}?` });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Contato excluído com sucesso!').first().waitFor();
    await until(async () => (await row(PHONE_NAME).count()) === 0, 'the row to go');
    assert.equal((await call('GET', `/contacts/${paula.id}`)).status, 404);
  });

  it("imports the connection's phone book: running, then the count; the deleted customer is back", async () => {
    // The import answers at once here: held for a moment so that its running state can be seen.
    await page.route('**/contacts/import', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Importar Contatos' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Importar contatos' });
    await confirm.getByText('Deseja importar todos os contatos do telefone?').waitFor();
    await confirm.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('progressbar', { name: 'Importando contatos do telefone...' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Importar Contatos' }).isDisabled(), true);
    const status = page.getByRole('status').filter({ hasText: 'importado' });
    await status.waitFor();
    assert.match(await status.textContent(), /^1 contato importado/);
    await row(PHONE_NAME).waitFor();
    assert.ok(await contactByNumber(PHONE));
    await page.unroute('**/contacts/import');
  });

  it('exports every contact as CSV: semicolons; name, number, email', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Contatos' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'contatos.csv');
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    assert.equal(lines[0], 'name;number;email');
    const { count } = await ok('GET', '/contacts');
    assert.equal(lines.length, count + 1);
    assert.ok(lines.includes('Rita Alterada;5511955550001;rita@example.com'), lines.join('\n'));
    assert.ok(lines.includes(`${PHONE_NAME};${PHONE};`), lines.join('\n'));
    assert.ok(lines.includes('Sergio Remoto;5511944440001;'));
  });

  it('creates a ticket from a contact and opens it; a second one is refused with the open-ticket error', async () => {
    await page.getByRole('button', { name: 'Criar ticket para Rita Alterada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar ticket' });
    await dialog.getByText('5511955550001').waitFor();
    await dialog.getByRole('button', { name: 'Criar ticket' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = new URL(page.url()).pathname.split('/').pop();
    const ticket = await ok('GET', `/tickets/u/${uuid}`);
    assert.equal(ticket.contact.name, 'Rita Alterada');
    assert.equal(ticket.status, 'open');

    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Criar ticket para Rita Alterada' }).click();
    const again = page.getByRole('dialog', { name: 'Criar ticket' });
    await again.getByRole('button', { name: 'Criar ticket' }).click();
    await again.getByRole('alert').filter({ hasText: 'Já existe um tíquete aberto para este contato.' }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/contacts$/);
  });
});
