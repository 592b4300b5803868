// The connections page in Chromium against the real API (issue 10). An admin adds a sandbox connection with its
// queue and greeting: the token is shown once and works on POST /messages/send. The QR code dialog follows the live
// session, shows the code and closes itself once connected. Disconnect puts the '!' badge on the drawer's
// Connections item; a new QR code connects again and the badge goes. Edit renames the connection and makes it the
// default; delete hands the default back. Screenshots light and dark, pt and en, wide and narrow. The sandbox pauses
// SANDBOX_STEP_MS between login steps here, and its QR codes wait for a sandbox phone to scan them
// (SANDBOX_SCAN=manual), so each QR code stays on screen until the test has seen it, however slow the machine. Run by
// `node --test e2e/connections.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.CONNECTIONS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const SUPER = 'super@atende.local';
const STEP_MS = 1500;
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };

let db;
let mailbox;
let api;
let browser;
let session;
let superToken;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: { SANDBOX_STEP_MS: String(STEP_MS), SANDBOX_SCAN: 'manual' } });
  browser = await launchBrowser();
  superToken = await apiLogin(api.url, SUPER);
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body, as = session) => apiOk(api.url, as, method, path, body);
const connectionNamed = async (name) => (await call('GET', '/whatsapp')).find((w) => w.name === name);
/** A sandbox phone scans the QR code the connection shows: it connects. */
const scan = (id) => apiOk(api.url, superToken, 'POST', `/sandbox/connections/${id}/scan`);
const BADGE = { name: /^Conexões\s*,\s*conexões precisam de atenção$/ };

describe('the connections page in Chromium', { concurrency: false }, () => {
  let page;
  const row = (name) => page.getByRole('row', { name: new RegExp(name) });

  it('lists the demo connection, connected, from the drawer', async () => {
    page = await signInPage(browser, api.url, ADMIN);
    session = await tokenOf(page);
    const demo = await until(async () => (await call('GET', '/whatsapp')).find((w) => w.status === 'qrcode'), "the demo connection's QR code");
    await scan(demo.id);
    await until(async () => (await call('GET', '/whatsapp')).every((w) => w.status === 'CONNECTED'), 'the demo connection connected');
    // The scan can land before this page's socket has joined its rooms, and a status event sent then is not heard
    // again (noted as a known gap: the kit does not refetch what it loaded before its socket connected). Load the
    // page anew so the test starts from the connected state, as it means to.
    await page.reload();
    await page.getByRole('link', { name: 'Conexões', exact: true }).click();
    await page.waitForURL(/\/connections$/);
    await page.getByRole('heading', { level: 1, name: 'Conexões' }).waitFor();
    await row('WhatsApp Sandbox').getByText('Conectado').first().waitFor();
    // Every connection connected: no badge on the drawer, even after the 2 s it waits.
    await page.waitForTimeout(2200);
    assert.equal(await page.getByRole('link', BADGE).count(), 0);
  });

  it('the modal checks the name before saving', async () => {
    await page.getByRole('button', { name: 'Adicionar WhatsApp' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('A');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  let token;
  it('adds a sandbox connection: the token once, then the QR code dialog that closes itself when connected', async () => {
    await page.getByRole('button', { name: 'Adicionar WhatsApp' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Loja Centro');
    await dialog.getByRole('button', { name: /Provedor/ }).click();
    await page.getByRole('option', { name: 'Sandbox (simulado)' }).click();
    await dialog
      .getByRole('group', { name: /^Filas/ })
      .getByText('Suporte', { exact: true })
      .click();
    await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Olá! Bem-vindo à Loja Centro.');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}connections-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    const tokenDialog = page.getByRole('dialog', { name: 'Token da API de mensagens' });
    await tokenDialog.waitFor();
    token = await tokenDialog.getByRole('textbox', { name: 'Token' }).inputValue();
    assert.match(token, /^atd_/);
    await page.getByText('WhatsApp salvo com sucesso!').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}connections-token-light-pt-wide.png` });
    await tokenDialog.getByRole('button', { name: 'Pronto, guardei o token' }).click();

    const qr = page.getByRole('dialog', { name: 'Conectar Loja Centro' });
    await qr.waitFor();
    await qr.getByRole('img', { name: 'QR code para conectar o WhatsApp' }).waitFor();
    await page.screenshot({ path: `${SHOTS}connections-qr-light-pt-wide.png` });
    await scan((await connectionNamed('Loja Centro')).id);
    await page.getByText('Loja Centro está conectado!').first().waitFor();
    await qr.waitFor({ state: 'detached' });
    await row('Loja Centro').getByText('Conectado').first().waitFor();

    const saved = await connectionNamed('Loja Centro');
    assert.equal(saved.provider, 'sandbox');
    assert.equal(saved.greetingMessage, 'Olá! Bem-vindo à Loja Centro.');
    assert.deepEqual(
      saved.queues.map((q) => q.name),
      ['Suporte'],
    );
    assert.equal(saved.isDefault, false);
    // The token shown once sends through this connection.
    const sent = await fetch(`${api.url}/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511955551010', body: 'Pedido pronto para retirada' }),
    });
    assert.equal(sent.status, 201);
    const received = await until(
      async () => (await call('GET', '/sandbox/phones/5511955551010/inbox', undefined, superToken)).find((m) => m.body === 'Pedido pronto para retirada'),
      'the API message on the sandbox phone',
    );
    assert.equal(received.whatsappId, saved.id);
  });

  it("disconnect puts the drawer's badge up; a new QR code connects again and takes it down", async () => {
    await row('Loja Centro').getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Desconectar Loja Centro?' });
    await confirm.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Loja Centro foi desconectado.').first().waitFor();
    await row('Loja Centro').getByText('Desconectado').first().waitFor();
    await page.getByRole('link', BADGE).waitFor({ timeout: 5000 });
    await row('Loja Centro').getByRole('button', { name: 'Tentar novamente' }).waitFor();
    await page.screenshot({ path: `${SHOTS}connections-disconnected-light-pt-wide.png` });

    await row('Loja Centro').getByRole('button', { name: 'Novo QR CODE' }).click();
    const qr = page.getByRole('dialog', { name: 'Conectar Loja Centro' });
    await qr.waitFor();
    await qr.getByRole('img', { name: 'QR code para conectar o WhatsApp' }).waitFor();
    await scan((await connectionNamed('Loja Centro')).id);
    await page.getByText('Loja Centro está conectado!').first().waitFor({ timeout: 15_000 });
    await qr.waitFor({ state: 'detached' });
    await row('Loja Centro').getByText('Conectado').first().waitFor();
    await until(async () => (await page.getByRole('link', BADGE).count()) === 0, 'the badge gone');
    assert.equal((await connectionNamed('Loja Centro')).status, 'CONNECTED');
  });

  it('a pairing code instead of the QR code: shown where the QR code was; a wrong code typed on the phone is refused, the right one connects', async () => {
    await row('Loja Centro').getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('alertdialog', { name: 'Desconectar Loja Centro?' }).getByRole('button', { name: 'Desconectar' }).click();
    await row('Loja Centro').getByRole('button', { name: 'Novo QR CODE' }).click();
    const qr = page.getByRole('dialog', { name: 'Conectar Loja Centro' });
    await qr.getByRole('img', { name: 'QR code para conectar o WhatsApp' }).waitFor();
    await qr.getByRole('button', { name: 'Usar código de pareamento' }).click();
    await qr.getByRole('textbox', { name: /Número do WhatsApp/ }).fill('+55 (11) 95555-2020');
    await qr.getByRole('button', { name: 'Gerar código' }).click();
    const { id } = await connectionNamed('Loja Centro');
    const code = await until(async () => (await call('GET', `/whatsapp/${id}`)).pairingCode, 'the pairing code');
    assert.match(code, /^[1-9A-HJ-NP-TV-Z]{8}$/);
    // Shown as WhatsApp asks for it on the phone: ABCD-EFGH.
    await qr.getByText(`${code.slice(0, 4)}-${code.slice(4)}`, { exact: true }).waitFor();
    await row('Loja Centro').getByText('Aguardando código de pareamento').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}connections-pairing-light-pt-wide.png` });

    const link = (typed) =>
      fetch(`${api.url}/sandbox/phones/5511955552020/link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: typed }),
      });
    const wrong = await link(code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA');
    assert.equal(wrong.status, 400);
    assert.equal((await wrong.json()).error, 'ERR_SANDBOX_WRONG_PAIRING_CODE');
    await page.waitForTimeout(500);
    assert.equal(await qr.getByText(`${code.slice(0, 4)}-${code.slice(4)}`, { exact: true }).count(), 1);

    assert.equal((await link(`${code.slice(0, 4)}-${code.slice(4)}`)).status, 204);
    await page.getByText('Loja Centro está conectado!').first().waitFor({ timeout: 15_000 });
    await qr.waitFor({ state: 'detached' });
    await row('Loja Centro').getByText('Conectado').first().waitFor();
    assert.equal((await connectionNamed('Loja Centro')).number, '5511955552020');
  });

  it('edit renames the connection and makes it the default; the old default loses the flag', async () => {
    await page.getByRole('button', { name: 'Editar Loja Centro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar WhatsApp' });
    // The saved fields come back into the form.
    assert.equal(await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).inputValue(), 'Olá! Bem-vindo à Loja Centro.');
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Loja Centro Sul');
    await dialog.getByText('Padrão', { exact: true }).click();
    assert.equal(await dialog.getByRole('switch', { name: 'Padrão' }).isChecked(), true);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('WhatsApp salvo com sucesso!').first().waitFor();
    await row('Loja Centro Sul').getByRole('img', { name: 'Conexão padrão' }).waitFor();
    await until(async () => (await row('WhatsApp Sandbox').getByRole('img', { name: 'Conexão padrão' }).count()) === 0, 'the old default unflagged');
    assert.equal((await connectionNamed('Loja Centro Sul')).isDefault, true);
    assert.equal((await connectionNamed('WhatsApp Sandbox')).isDefault, false);
  });

  it('delete, confirmed, removes the row and hands the default to the other connection', async () => {
    await page.getByRole('button', { name: 'Excluir Loja Centro Sul' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir a conexão Loja Centro Sul?' });
    await confirm.getByText('Ela é a conexão padrão: a mais antiga das outras passa a ser a padrão.').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('WhatsApp excluído com sucesso!').first().waitFor();
    await row('Loja Centro Sul').waitFor({ state: 'detached' });
    await row('WhatsApp Sandbox').getByRole('img', { name: 'Conexão padrão' }).waitFor();
    assert.equal(await connectionNamed('Loja Centro Sul'), undefined);
    // The deleted connection's token no longer sends.
    const refused = await fetch(`${api.url}/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511955551010', body: 'não deve sair' }),
    });
    assert.equal(refused.status, 401);
    await page.context().close();
  });

  it('an attendant has no Connections item and sees no connection buttons', async () => {
    const ana = await signInPage(browser, api.url, 'ana@demo.atende.local');
    await ana.getByRole('link', { name: 'Contatos' }).first().waitFor();
    assert.equal(await ana.getByRole('link', { name: /^Conexões/ }).count(), 0);
    await ana.goto('/connections');
    await ana.waitForTimeout(500);
    assert.equal(await ana.getByRole('button', { name: 'Adicionar WhatsApp' }).count(), 0);
    assert.equal(await ana.getByRole('button', { name: /^Editar / }).count(), 0);
    await ana.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/connections');
          await shot.getByRole('heading', { level: 1, name: locale === 'en' ? 'Connections' : 'Conexões' }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}connections-${theme}-${locale}-${size}.png` });
          await shot.getByRole('button', { name: locale === 'en' ? 'Edit WhatsApp Sandbox' : 'Editar WhatsApp Sandbox', exact: true }).click();
          await shot.getByRole('dialog').waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}connections-edit-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
    }
  });
});
