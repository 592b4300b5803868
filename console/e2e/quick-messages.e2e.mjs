// The quick-messages page in Chromium against the real API (issue 9): create one with an attachment (shared), edit it
// and remove the attachment, search, see it in the composer's / suggestions of a ticket, delete it; a plain attendant
// gets no 'Privado' switch. Screenshots light and dark, wide and narrow. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_THEMES, signInPage, startApi, startMailbox, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
/** Where the screenshots go (QUICK_MESSAGES_SHOTS to look at them elsewhere). */
const SHOTS = process.env.QUICK_MESSAGES_SHOTS ?? ARTIFACTS;
mkdirSync(ARTIFACTS, { recursive: true });
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const ANA = 'ana@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let db;
let mailbox;
let api;
let browser;
/** The admin's API token, read from the signed-in page (a second login would end that session). */
let token;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);

async function signedInPage(email, { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, email, { viewport, theme });
  await page.goto('/quick-messages');
  await page.getByRole('heading', { level: 1, name: 'Respostas rápidas' }).waitFor();
  return page;
}

const row = (page, shortcode) => page.getByRole('row', { name: new RegExp(`^/${shortcode}\\b`) });
const usable = () => call('GET', '/quick-messages/list');

describe('quick messages in Chromium', { concurrency: false }, () => {
  let admin;

  it('creates a shared quick message with an attachment', async () => {
    admin = await signedInPage(ADMIN);
    token = JSON.parse(await admin.evaluate(() => localStorage.getItem('token')));
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    // The shortcode is required.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.getByRole('textbox', { name: /Atalho/ }).fill('promo');
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Promoção de março: 10% de desconto no PIX.');
    const privateSwitch = dialog.getByRole('switch', { name: 'Privado' });
    assert.equal(await privateSwitch.isChecked(), true, 'private by default');
    await dialog.getByText('Privado', { exact: true }).click();
    assert.equal(await privateSwitch.isChecked(), false);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'tabela-precos.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('tabela-precos.pdf').waitFor();
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: `${SHOTS}quick-messages-add-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const created = row(admin, 'promo');
    await created.getByText('tabela-precos.pdf').waitFor();
    await created.getByText('Geral').waitFor();
    const saved = (await usable()).find((q) => q.shortcode === 'promo');
    assert.equal(saved.geral, true);
    assert.equal(saved.mediaName, 'tabela-precos.pdf');
    assert.match(saved.mediaPath, /\.pdf$/);
  });

  it('edits it and removes the attachment', async () => {
    await row(admin, 'promo').getByRole('button', { name: 'Editar promo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar resposta rápida' });
    await dialog.getByText('tabela-precos.pdf').waitFor();
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Promoção de abril: 15% de desconto no PIX.');
    await dialog.getByRole('button', { name: 'Remover anexo tabela-precos.pdf' }).click();
    await dialog.getByText('O anexo será removido ao salvar.').waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(admin, 'promo').getByText('Sem anexo').waitFor();
    await row(admin, 'promo')
      .getByText(/Promoção de abril/)
      .waitFor();
    const saved = (await usable()).find((q) => q.shortcode === 'promo');
    assert.equal(saved.message, 'Promoção de abril: 15% de desconto no PIX.');
    assert.equal(saved.mediaPath, null);
    assert.equal(saved.geral, true);
  });

  it('searches lower-cased', async () => {
    await call('POST', '/quick-messages', { shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar?' });
    await admin.reload();
    await row(admin, 'bomdia').waitFor();
    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('PROMO');
    await row(admin, 'bomdia').waitFor({ state: 'detached' });
    await row(admin, 'promo').waitFor();
    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('');
    await row(admin, 'bomdia').waitFor();
  });

  it("a new quick message appears in the composer's / suggestions of a ticket", async () => {
    // A ticket open for the admin on the sandbox connection.
    const whatsappId = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
      'the sandbox connection',
    );
    const contact = await call('POST', '/contacts', { name: 'Rita Cliente', number: '5511955550001' });
    const me = await call('GET', '/auth/me');
    const ticket = await call('POST', '/tickets', { contactId: contact.id, whatsappId, userId: me.id, status: 'open', queueId: null });

    // Created on the page while the composer's list is already loaded in this tab.
    await admin.goto(`/tickets/${ticket.uuid}`);
    const composer = admin.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('/pro');
    await admin.getByRole('option', { name: /^\/promo - Promoção de abril/ }).waitFor();
    await composer.fill('');
    await admin.getByRole('link', { name: 'Respostas rápidas' }).first().click();
    await admin.waitForURL(/\/quick-messages$/);
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    await dialog.getByRole('textbox', { name: /Atalho/ }).fill('prazo');
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('O prazo de entrega é de 3 dias úteis.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.goBack();
    await admin.waitForURL(/\/tickets\//);
    await composer.fill('/pra');
    await admin.getByRole('option', { name: /^\/prazo - O prazo de entrega/ }).click();
    assert.equal(await composer.inputValue(), 'O prazo de entrega é de 3 dias úteis.');
    await composer.fill('');
  });

  it('deletes after the confirmation', async () => {
    await admin.goto('/quick-messages');
    await row(admin, 'promo').getByRole('button', { name: 'Excluir promo' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Excluir /promo?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(admin, 'promo').getByRole('button', { name: 'Excluir promo' }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await row(admin, 'promo').waitFor({ state: 'detached' });
    assert.equal(
      (await usable()).some((q) => q.shortcode === 'promo'),
      false,
    );
    await admin.context().close();
  });

  it("a plain attendant gets no 'Privado' switch and cannot change the company's shared ones", async () => {
    await call('POST', '/quick-messages', { shortcode: 'avisos', message: 'Mensagem de toda a empresa', geral: true });
    const ana = await signedInPage(ANA);
    await row(ana, 'avisos').getByText('Geral', { exact: true }).waitFor();
    assert.equal(await row(ana, 'avisos').getByRole('button').count(), 0);
    // The admin's private ones are not hers to see.
    assert.equal(await row(ana, 'prazo').count(), 0);
    await ana.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    await dialog.getByRole('textbox', { name: /Atalho/ }).waitFor();
    assert.equal(await dialog.getByRole('switch').count(), 0);
    await dialog.getByRole('textbox', { name: /Atalho/ }).fill('minha');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(ana, 'minha').getByText('Privado').waitFor();
    await row(ana, 'minha').getByRole('button', { name: 'Editar minha' }).waitFor();
    await ana.context().close();
  });

  it('screenshots light and dark, wide and narrow', async () => {
    const seed = await signedInPage(ADMIN);
    token = JSON.parse(await seed.evaluate(() => localStorage.getItem('token')));
    await seed.context().close();
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'boleto-marco.pdf');
    const boleto = await call('POST', '/quick-messages', {
      shortcode: 'boleto',
      message: 'Segue o boleto do mês em anexo. Qualquer dúvida estamos à disposição.',
    });
    const res = await fetch(`${api.url}/quick-messages/${boleto.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    assert.equal(res.status, 201, await res.text());
    await call('POST', '/quick-messages', {
      shortcode: 'horario',
      message: 'Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, e aos sábados das 8h às 12h. Fora desse horário, deixe sua mensagem.',
      geral: true,
    });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        const page = await signedInPage(ADMIN, { viewport, theme });
        await row(page, 'boleto').getByText('boleto-marco.pdf').waitFor();
        await page.screenshot({ path: `${SHOTS}quick-messages-${theme}-${size}.png` });
        await row(page, 'boleto').getByRole('button', { name: 'Editar boleto' }).click();
        await page.getByRole('dialog', { name: 'Editar resposta rápida' }).getByText('boleto-marco.pdf').waitFor();
        await page.waitForTimeout(500); // the opening animation
        await page.screenshot({ path: `${SHOTS}quick-messages-modal-${theme}-${size}.png` });
        await page.context().close();
      }
    }
  });
});
