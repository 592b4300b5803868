// The official WhatsApp API in Chromium against the real API and the sandbox network's official mode (issue 35). The
// admin adds an official connection on the sandbox network: no QR code, it connects at once, and its business
// account's templates are synced. A sandbox phone writes; the attendant opens the ticket and sees the customer's
// 24-hour window open until a time, answers, and the tick turns. The window is aged 24 h (the sandbox phone API, as a
// day passing): the chat shows it closed and the composer offers the approved templates instead of free text; the
// attendant sends one, filled with the contact's name, the phone receives it and its tick turns. Screenshots in
// test-artifacts/official-api/ (light; dark and English too with E2E_SHOTS=all). Run by `npm run test:e2e -w console`
// (or `node --test e2e/official-api.e2e.mjs` after the builds).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const ARTIFACTS = process.env.OFFICIAL_SHOTS ?? fileURLToPath(new URL('../test-artifacts/official-api/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const ALL_SHOTS = process.env.E2E_SHOTS === 'all';
const ADMIN = 'admin@demo.atende.local';
const ATTENDANT = 'ana@demo.atende.local';
const WIDE = { width: 1440, height: 860 };
const CONNECTION = 'Atendimento Oficial';
const PHONE = '5511955550035';
const NAME = 'Olívia Oficial';

let db;
let mailbox;
let api;
let browser;
let admin;
let ana;
let adminToken;
let anaToken;
let superToken;
let whatsappId;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin(api.url, 'super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body, as = adminToken) => apiOk(api.url, as, method, path, body);
const phoneSends = (body) => call('POST', `/sandbox/phones/${PHONE}/messages`, { whatsappId, body, name: NAME }, superToken);
const phoneInbox = () => call('GET', `/sandbox/phones/${PHONE}/inbox`, undefined, superToken);
const phoneReads = () => call('POST', `/sandbox/phones/${PHONE}/read`, { whatsappId }, superToken);
const shot = (page, name) => page.screenshot({ path: `${ARTIFACTS}${name}.png` });

/**
 * Light, then (E2E_SHOTS=all) dark. The top bar's theme button is pressed from script: under an open dialog the rest
 * of the page is inert to the pointer.
 */
async function shots(page, name) {
  await page.waitForTimeout(300);
  await shot(page, `${name}-light-pt-wide`);
  if (!ALL_SHOTS) return;
  const theme = (label) => page.getByRole('button', { name: label }).evaluate((button) => button.click());
  await theme('Tema escuro');
  await page.getByRole('button', { name: 'Tema claro' }).waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  await shot(page, `${name}-dark-pt-wide`);
  await theme('Tema claro');
  await page.getByRole('button', { name: 'Tema escuro' }).waitFor({ state: 'attached' });
}

const bubble = (page, text) => page.locator('.atd-Message', { hasText: text }).first();
const composer = (page) => page.getByRole('textbox', { name: 'Mensagem' });
/** The composer outside the window: a form to send an approved template. */
const templateForm = () => ana.getByRole('form', { name: 'Enviar um modelo' });
const DAY = 24 * 60 * 60 * 1000;

describe('the official WhatsApp API in Chromium (the sandbox as the official API)', { concurrency: false }, () => {
  it('the admin adds an official connection on the sandbox network: no QR code, connected at once, its templates synced', async () => {
    admin = await signInPage(browser, api.url, ADMIN, { viewport: WIDE });
    adminToken = await tokenOf(admin);
    await admin.goto('/connections');
    // The demo has one already (WhatsApp Sandbox (API oficial)); the admin adds another, as a company starting on the official API would.
    await admin.getByRole('button', { name: 'Adicionar WhatsApp' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Adicionar WhatsApp' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(CONNECTION);
    // The type's card, as a person picks it.
    await dialog.getByText('API oficial', { exact: true }).click();
    assert.equal(await dialog.getByRole('radio', { name: /^API oficial/ }).isChecked(), true);
    await dialog.getByRole('button', { name: /Provedor/ }).click();
    await admin.getByRole('option', { name: 'Sandbox (simulado)' }).click();
    await dialog
      .getByRole('group', { name: /^Filas/ })
      .getByText('Suporte', { exact: true })
      .click();
    await shots(admin, 'official-connection-modal');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const tokenDialog = admin.getByRole('dialog', { name: 'Token da API de mensagens' });
    await tokenDialog.waitFor();
    await tokenDialog.getByRole('button', { name: 'Pronto, guardei o token' }).click();

    // Connected at once, without a QR code: the row says connected, official, with the number's quality.
    const row = admin.getByRole('row', { name: new RegExp(CONNECTION) });
    await row.getByText('Conectado').first().waitFor();
    assert.equal(await admin.getByRole('dialog', { name: `Conectar ${CONNECTION}` }).count(), 0, 'no QR code dialog');
    assert.equal(await admin.getByRole('img', { name: 'QR code para conectar o WhatsApp' }).count(), 0);
    await row.getByText('API oficial', { exact: true }).first().waitFor();
    await row.getByText('Qualidade alta').first().waitFor();
    const saved = (await call('GET', '/whatsapp')).find((w) => w.name === CONNECTION);
    assert.equal(saved.provider, 'sandbox_cloud');
    assert.equal(saved.type, 'official');
    assert.equal(saved.qrcode, null);
    whatsappId = saved.id;
    await shots(admin, 'official-connection-connected');

    // Its business account's templates, synced in the connection's modal.
    await row.getByRole('button', { name: `Editar ${CONNECTION}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar WhatsApp' });
    await edit.getByRole('button', { name: 'Sincronizar modelos' }).click();
    await admin
      .getByText(/^Modelos sincronizados: \d+\.$/)
      .first()
      .waitFor();
    const synced = await call('GET', `/whatsapp/${whatsappId}/templates`);
    assert.ok(
      synced.some((t) => t.name === 'retomar_conversa' && t.status === 'APPROVED'),
      'the approved templates synced',
    );
    await shots(admin, 'official-connection-templates');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });
  });

  let ticketUuid;
  let ticketId;
  let wroteAt;
  it('a sandbox phone writes; the attendant opens the ticket and sees the window open until a time', async () => {
    wroteAt = new Date();
    await phoneSends('Olá! Quero remarcar minha entrega.');
    ana = await signInPage(browser, api.url, ATTENDANT, { viewport: WIDE });
    anaToken = await tokenOf(ana);
    const ticket = await until(async () => {
      const { tickets } = await apiOk(api.url, anaToken, 'GET', `/tickets?status=pending&searchParam=${PHONE}`);
      return tickets.find((t) => t.whatsappId === whatsappId);
    }, 'the ticket of the official connection');
    ticketUuid = ticket.uuid;
    ticketId = ticket.id;
    await ana.goto(`/tickets/${ticketUuid}`);
    await bubble(ana, 'Quero remarcar minha entrega').waitFor();
    await ana.getByRole('note').getByRole('button', { name: 'Aceitar' }).click();
    await composer(ana).waitFor();
    // Open for 24 h from the customer's message: the chat says until when, on the browser's clock.
    const { expiresAt } = await apiOk(api.url, anaToken, 'GET', `/messages/${ticket.id}/window`);
    assert.ok(Math.abs(new Date(expiresAt).getTime() - (wroteAt.getTime() + DAY)) < 60_000, `the window ends a day after the message: ${expiresAt}`);
    const time = await ana.evaluate((at) => new Date(at).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }), expiresAt);
    const open = ana.getByText(/^Janela de 24 h aberta até/);
    await open.waitFor();
    assert.ok((await open.textContent()).includes(time), `the window's end (${time}) in "${await open.textContent()}"`);
    await shots(ana, 'official-window-open');
  });

  it('the attendant answers inside the window; the tick turns delivered, then read', async () => {
    await composer(ana).fill('Claro, Olívia! Para qual dia?');
    await composer(ana).press('Enter');
    await until(async () => ((await phoneInbox()).some((m) => m.body === 'Claro, Olívia! Para qual dia?') ? true : null), 'the answer on the phone');
    await bubble(ana, 'Para qual dia?').getByRole('img', { name: 'Entregue' }).waitFor({ timeout: 10_000 });
    await phoneReads();
    await bubble(ana, 'Para qual dia?').getByRole('img', { name: 'Lida' }).waitFor();
    await shots(ana, 'official-answered-read');
  });

  it('a day later the window is closed: the chat says so and the composer offers the templates instead of free text', async () => {
    const aged = await call('POST', `/sandbox/phones/${PHONE}/window/expire`, { whatsappId }, superToken);
    assert.ok(aged.networkLastInboundAt && aged.platformLastInboundAt, `aged in the network and the platform: ${JSON.stringify(aged)}`);
    await ana.reload();
    await bubble(ana, 'Para qual dia?').waitFor();
    assert.equal((await apiOk(api.url, anaToken, 'GET', `/messages/${ticketId}/window`)).open, false);
    await ana.getByText('Janela de 24 h fechada: só modelos aprovados podem ser enviados').waitFor();
    // No free text: the composer's text box gives way to the templates.
    await templateForm().waitFor();
    assert.equal(await composer(ana).count(), 0, 'no free text composer');
    await shots(ana, 'official-window-closed');
  });

  it('the attendant sends a template filled with the contact; the phone receives it and the tick turns', async () => {
    const form = templateForm();
    await form.getByRole('button', { name: /Escolha um modelo aprovado/ }).click();
    // Only approved templates are offered (the connection's, each in its languages).
    await ana.getByRole('option', { name: 'retomar_conversa (pt_BR)' }).waitFor();
    assert.equal(await ana.getByRole('option', { name: /oferta_relampago|novidades_produto/ }).count(), 0, 'no rejected or pending template offered');
    await ana.getByRole('option', { name: 'retomar_conversa (pt_BR)' }).click();
    // The variable starts as the contact's name; the attendant greets by the first name, and the preview reads so.
    await form.getByRole('textbox', { name: 'Variável 1' }).fill('{{firstName}}');
    const text = 'Olá Olívia, podemos continuar seu atendimento? Responda esta mensagem.';
    await form.getByText(text).waitFor();
    await shots(ana, 'official-template-picker');
    await form.getByRole('button', { name: 'Enviar modelo' }).click();
    await bubble(ana, text).waitFor();
    const received = await until(async () => (await phoneInbox()).find((m) => m.body === text), 'the template on the phone');
    assert.equal(received.whatsappId, whatsappId);
    await bubble(ana, text).getByRole('img', { name: 'Entregue' }).waitFor({ timeout: 10_000 });
    await phoneReads();
    await bubble(ana, text).getByRole('img', { name: 'Lida' }).waitFor();
    await shots(ana, 'official-template-sent');

    // The customer answers: the window opens again, and free text with it.
    await phoneSends('Pode ser sexta-feira.');
    await bubble(ana, 'Pode ser sexta-feira.').waitFor();
    await ana.getByText(/^Janela de 24 h aberta até/).waitFor();
    await composer(ana).waitFor();
    assert.equal(await composer(ana).isDisabled(), false);
  });
});
