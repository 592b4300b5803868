// The users page in Chromium against the real API. An admin finds the demo's users from the drawer, is stopped by
// the modal's validation, adds a user with two queues and a default connection (the new user then signs in), is told
// on the e-mail field that an e-mail is taken, searches, renames the user; users made elsewhere arrive live until the
// plan's limit, which the page and the modal then say plainly; delete, confirmed, removes the user (who can no longer
// sign in). An attendant sees the list without its buttons. Screenshots light and dark, pt and en, wide and narrow.
// Run by `node --test e2e/users.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  apiOk,
  createDatabase,
  DEMO_PASSWORD,
  launchBrowser,
  SHOT_LOCALES,
  SHOT_THEMES,
  signInPage,
  startApi,
  startMailbox,
  tokenOf,
  until,
} from './harness.mjs';

const SHOTS = process.env.USERS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const NEW_EMAIL = 'paula@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };

let db;
let mailbox;
let api;
let browser;
let session;

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

const call = (method, path, body, as = session) => apiOk(api.url, as, method, path, body);
const userNamed = async (name) => (await call('GET', `/users?searchParam=${encodeURIComponent(name)}`)).users.find((u) => u.name === name);

describe('the users page in Chromium', { concurrency: false }, () => {
  let page;
  const row = (name) => page.getByRole('row', { name: new RegExp(`^${name}\\b`) });
  const names = () => page.locator('.atd-Users-table tbody .atd-Users-nameValue').allTextContents();

  it("lists the demo's users from the drawer, with their queues and the plan's usage", async () => {
    page = await signInPage(browser, api.url, ADMIN);
    session = await tokenOf(page);
    await page.getByRole('link', { name: 'Usuários', exact: true }).click();
    await page.waitForURL(/\/users$/);
    await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await row('Ana Atendente').waitFor();
    assert.deepEqual(await names(), ['Admin Demo', 'Ana Atendente', 'Bruno Atendente']);
    assert.deepEqual(await row('Admin Demo').locator('.atd-Chip').allTextContents(), ['Suporte', 'Vendas']);
    await row('Admin Demo').getByText('você').waitFor();
    await page.getByText('3 de 10 usuários do plano Completo').waitFor();
    // The signed-in admin cannot delete themselves.
    assert.equal(await page.getByRole('button', { name: 'Excluir Admin Demo' }).count(), 0);
  });

  it('the modal checks name, e-mail and password before saving', async () => {
    await page.getByRole('button', { name: 'Adicionar usuário' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    assert.equal(await dialog.getByText('Obrigatório').count(), 3);
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('P');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('paula@');
    await dialog.getByLabel(/^Senha/).fill('123');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('E-mail inválido').waitFor();
    assert.equal(await dialog.getByText('Muito curto!').count(), 2);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}users-validation-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await userNamed('P'), undefined);
  });

  it('adds a user with two queues and a default connection; the row shows at once', async () => {
    await page.getByRole('button', { name: 'Adicionar usuário' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Paula Nunes');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(NEW_EMAIL);
    await dialog.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    const queues = dialog.getByRole('group', { name: /^Filas/ });
    await queues.getByText('Suporte', { exact: true }).click();
    await queues.getByText('Vendas', { exact: true }).click();
    await dialog.getByRole('button', { name: /Conexão padrão/ }).click();
    await page.getByRole('option', { name: 'WhatsApp Sandbox', exact: true }).click();
    await dialog.getByRole('button', { name: /Distribuição automática/ }).click();
    await page.getByRole('option', { name: 'Habilitado' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}users-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário salvo com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row('Paula Nunes').waitFor();
    assert.deepEqual(await row('Paula Nunes').locator('.atd-Chip').allTextContents(), ['Suporte', 'Vendas']);
    await page.getByText('4 de 10 usuários do plano Completo').waitFor();

    const saved = await userNamed('Paula Nunes');
    assert.equal(saved.email, NEW_EMAIL);
    assert.equal(saved.profile, 'user');
    assert.deepEqual(saved.queues.map((q) => q.name).sort(), ['Suporte', 'Vendas']);
    const sandbox = (await call('GET', '/whatsapp')).find((w) => w.name === 'WhatsApp Sandbox');
    assert.equal(saved.whatsappId, sandbox.id);
    assert.equal(saved.automaticDistribution, 'habilitado');
    assert.equal(saved.createTicket, 'habilitado');
  });

  it('the new user signs in with the password they were given', async () => {
    const paula = await signInPage(browser, api.url, NEW_EMAIL);
    await paula.waitForURL(/\/tickets/);
    const me = await apiOk(api.url, await tokenOf(paula), 'GET', '/auth/me');
    assert.equal(me.name, 'Paula Nunes');
    assert.deepEqual(me.queues.map((q) => q.name).sort(), ['Suporte', 'Vendas']);
    await paula.context().close();
  });

  it('an e-mail already registered is said on the e-mail field, and nothing is saved', async () => {
    await page.getByRole('button', { name: 'Adicionar usuário' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Outra Ana');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('ana@demo.atende.local');
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Este email já está cadastrado.').waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: /^Email/ }).getAttribute('aria-invalid'), 'true');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await userNamed('Outra Ana'), undefined);
  });

  it('search narrows the list (debounced) and says when nothing matches', async () => {
    const search = page.getByRole('searchbox', { name: 'Pesquisar usuários' });
    await search.fill('paula');
    await until(async () => (await names()).join() === 'Paula Nunes', 'the search result');
    await search.fill('ninguém');
    await page.getByRole('heading', { name: 'Nenhum usuário encontrado para “ninguém”' }).waitFor();
    await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
    await until(async () => (await names()).length === 4, 'the whole list back');
  });

  it('edit renames the user and changes a permission', async () => {
    await page.getByRole('button', { name: 'Editar Paula Nunes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
    assert.equal(await dialog.getByRole('textbox', { name: /^Email/ }).inputValue(), NEW_EMAIL);
    await dialog.getByText('Deixe em branco para manter a senha atual.').waitFor();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Paula Souza');
    await dialog.getByRole('button', { name: /Criar atendimento/ }).click();
    await page.getByRole('option', { name: 'Desabilitado' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário salvo com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row('Paula Souza').waitFor();
    assert.equal(await row('Paula Nunes').count(), 0);
    const saved = await userNamed('Paula Souza');
    assert.equal(saved.createTicket, 'desabilitado');
    // The password was left blank: it still signs in.
    const login = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: NEW_EMAIL, password: DEMO_PASSWORD }),
    });
    assert.equal(login.status, 200);
  });

  it("users made elsewhere arrive live; at the plan's limit the page and the modal say so", async () => {
    const made = [];
    for (let i = 1; i <= 6; i += 1) {
      made.push(await call('POST', '/users', { name: `Temporário ${i}`, email: `temp${i}@demo.atende.local`, password: 'segredo1' }));
    }
    await row('Temporário 6').waitFor();
    await page.getByText('10 de 10 usuários do plano Completo').waitFor();
    await page
      .getByRole('status')
      .getByText(/O plano Completo permite até 10 usuários/)
      .waitFor();

    await page.getByRole('button', { name: 'Adicionar usuário' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Mais Um');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('maisum@demo.atende.local');
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Limite de usuários do plano atingido').waitFor();
    await alert.getByText(/O plano Completo permite até 10 usuários/).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}users-plan-limit-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await userNamed('Mais Um'), undefined);

    for (const user of made) await call('DELETE', `/users/${user.id}`);
    await until(async () => (await names()).length === 4, 'the temporary users gone live');
    await page.getByText('4 de 10 usuários do plano Completo').waitFor();
  });

  it('delete, confirmed, removes the user, who can no longer sign in', async () => {
    await page.getByRole('button', { name: 'Excluir Paula Souza' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir Paula Souza?' });
    await confirm.getByText(/Todos os dados do usuário serão perdidos/).waitFor();
    await page.screenshot({ path: `${SHOTS}users-delete-light-pt-wide.png` });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Usuário excluído com sucesso!').first().waitFor();
    await row('Paula Souza').waitFor({ state: 'detached' });
    assert.deepEqual(await names(), ['Admin Demo', 'Ana Atendente', 'Bruno Atendente']);
    assert.equal(await userNamed('Paula Souza'), undefined);
    const login = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: NEW_EMAIL, password: DEMO_PASSWORD }),
    });
    assert.equal(login.status, 401);
    await page.context().close();
  });

  it("an attendant sees the list but none of the page's buttons", async () => {
    const ana = await signInPage(browser, api.url, 'ana@demo.atende.local');
    await ana.getByRole('link', { name: 'Contatos' }).first().waitFor();
    assert.equal(await ana.getByRole('link', { name: 'Usuários', exact: true }).count(), 0);
    await ana.goto('/users');
    await ana.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await ana.getByRole('row', { name: /^Bruno Atendente\b/ }).waitFor();
    assert.equal(await ana.getByRole('button', { name: 'Adicionar usuário' }).count(), 0);
    assert.equal(await ana.getByRole('button', { name: /^Editar / }).count(), 0);
    assert.equal(await ana.getByRole('button', { name: /^Excluir / }).count(), 0);
    assert.equal(await ana.getByText(/usuários do plano/).count(), 0);
    await ana.screenshot({ path: `${SHOTS}users-attendant-light-pt-wide.png` });
    await ana.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/users');
          await shot.getByRole('heading', { level: 1, name: locale === 'en' ? 'Users' : 'Usuários' }).waitFor();
          await shot.getByRole('row', { name: /^Bruno Atendente\b/ }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}users-${theme}-${locale}-${size}.png` });
          await shot.getByRole('button', { name: locale === 'en' ? 'Edit Ana Atendente' : 'Editar Ana Atendente' }).click();
          await shot.getByRole('dialog').getByRole('group').first().waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}users-edit-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
    }
  });
});
