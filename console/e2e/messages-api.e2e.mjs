// The messages-API page in Chromium against the real API (issue 10): the admin makes a token for the demo's sandbox
// connection, sends a text through the page's test form with it and sees the ticket, the sandbox phone receives the
// message; a wrong token shows the error and leaves the admin signed in; a small PNG goes through the file form; the
// page's curl example, copied with its button, works as printed. Screenshots light and dark, pt and en, wide and
// narrow. Run by `node --test e2e/messages-api.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

/** Where the screenshots go (MESSAGES_API_SHOTS to look at them elsewhere). */
const SHOTS = process.env.MESSAGES_API_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const SUPER = 'super@atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let db;
let mailbox;
let api;
let browser;
/** The admin's session token, read from the signed-in page (a second login would end that session). */
let session;
/** The super user's session (drives the sandbox phones). */
let superToken;
/** The sandbox connection's API token, made through the API as the brief's admin would on the connections page. */
let connectionToken;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
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
const inbox = (number) => call('GET', `/sandbox/phones/${number}/inbox`, undefined, superToken);

async function openPage(page) {
  await page.goto('/messages-api');
  await page.getByRole('heading', { level: 1, name: 'API de mensagens' }).waitFor();
}

describe('the messages-API page in Chromium', { concurrency: false }, () => {
  let page;
  let text;
  let media;

  it('shows the API of this origin and where tokens come from', async () => {
    page = await signInPage(browser, api.url, ADMIN, { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
    session = await tokenOf(page);
    // The drawer's admin group has the page (the demo's plan has the external API).
    await page.getByRole('link', { name: 'API', exact: true }).first().click();
    await page.waitForURL(/\/messages-api$/);
    await page.getByRole('heading', { level: 1, name: 'API de mensagens' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Endpoint' }).innerText(), `POST ${api.url}/messages/send`);
    await page.getByRole('button', { name: 'Ir para Conexões' }).click();
    await page.waitForURL(/\/connections$/);
    await openPage(page);
    text = page.getByRole('form', { name: 'Teste de envio: texto' });
    media = page.getByRole('form', { name: 'Teste de envio: arquivo' });
  });

  it('checks the form before sending', async () => {
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('Digite a mensagem').waitFor();
    assert.equal(await text.getByText('Obrigatório').count(), 2);
    await text.getByRole('textbox', { name: /^Número/ }).fill('119999');
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('Número inválido: use de 10 a 15 dígitos (código do país, DDD e número).').waitFor();
  });

  it('sends a text with a connection token: the ticket shows, the sandbox phone gets it, the ticket opens', async () => {
    const whatsapp = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED'),
      'the sandbox connection',
    );
    const made = await call('POST', `/whatsapp/${whatsapp.id}/token`);
    assert.match(made.token, /^atd_/);
    connectionToken = made.token;

    await text.getByLabel('Token', { exact: false }).and(text.locator('input')).fill(connectionToken);
    await text.getByRole('textbox', { name: /^Número/ }).fill('+55 (11) 95555-0101');
    await text.getByRole('textbox', { name: /^Mensagem/ }).fill('Seu pedido 1234 saiu para entrega.');
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('Mensagem aceita e na fila de envio').waitFor();
    await page.getByText('Mensagem enviada com sucesso').first().waitFor();
    // The message is cleared for the next test; token and number stay.
    assert.equal(await text.getByRole('textbox', { name: /^Mensagem/ }).inputValue(), '');
    assert.equal(await text.getByRole('textbox', { name: /^Número/ }).inputValue(), '+55 (11) 95555-0101');

    const received = await until(
      async () => (await inbox('5511955550101')).find((m) => m.body === 'Seu pedido 1234 saiu para entrega.'),
      'the message on the sandbox phone',
    );
    assert.equal(received.whatsappId, whatsapp.id);
    await page.screenshot({ path: `${SHOTS}messages-api-sent-light-wide.png` });

    const open = text.getByRole('button', { name: /^Abrir ticket #\d+$/ });
    const ticketId = Number((await open.innerText()).match(/#(\d+)/)[1]);
    const ticket = await call('GET', `/tickets/${ticketId}`);
    await open.click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await page.getByText('Seu pedido 1234 saiu para entrega.').first().waitFor();
  });

  it('a wrong token shows the error on the form, and the admin stays signed in', async () => {
    await openPage(page);
    await text.getByLabel('Token', { exact: false }).and(text.locator('input')).fill('atd_wrong-token');
    await text.getByRole('textbox', { name: /^Número/ }).fill('5511955550101');
    await text.getByRole('textbox', { name: /^Mensagem/ }).fill('Não deve chegar');
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('A mensagem não foi enviada').waitFor();
    await text.getByText('HTTP 401 · ERR_INVALID_API_TOKEN').waitFor();
    assert.equal((await text.getByText('Token da API inválido ou desativado. Gere um novo token na página de conexões.').count()) >= 1, true);
    await page.screenshot({ path: `${SHOTS}messages-api-wrong-token-light-wide.png` });
    // Still signed in: the session's own calls work and the page did not go to /login.
    assert.match(page.url(), /\/messages-api$/);
    assert.equal((await call('GET', '/auth/me')).email, ADMIN);
    assert.equal(
      (await inbox('5511955550101')).some((m) => m.body === 'Não deve chegar'),
      false,
    );
  });

  it('sends a small PNG through the file form', async () => {
    await media.getByLabel('Token', { exact: false }).and(media.locator('input')).fill(connectionToken);
    await media.getByRole('textbox', { name: /^Número/ }).fill('5511955550102');
    await media.locator('input[type="file"]').setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG });
    await media.getByText('comprovante.png').waitFor();
    await media.getByRole('textbox', { name: 'Legenda (opcional)' }).fill('Segue o comprovante');
    await media.getByRole('button', { name: 'Enviar' }).click();
    await media.getByText('Mensagem aceita e na fila de envio').waitFor();
    await media.getByText('comprovante.png').waitFor({ state: 'detached' });
    const received = await until(async () => (await inbox('5511955550102')).find((m) => m.media), 'the image on the sandbox phone');
    assert.equal(received.type, 'image');
    assert.equal(received.media.mimetype, 'image/png');
    assert.equal(received.body, 'Segue o comprovante');
  });

  it('the curl example copied from the page works as printed, with the real token', async () => {
    await page.getByRole('button', { name: 'Copiar Endpoint' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${api.url}/messages/send`);
    await page.getByRole('button', { name: 'Copiar Exemplo com curl (texto)' }).click();
    await page.getByRole('button', { name: 'Copiar Exemplo com curl (texto)' }).getByText('Copiado!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, new RegExp(`^curl -X POST '${api.url}/messages/send'`));
    const command = copied.replace('SEU_TOKEN', connectionToken).replace('5511999998888', '5511955550103');
    const answer = JSON.parse(execFileSync('sh', ['-c', command.replace(/^curl /, 'curl -sS ')], { encoding: 'utf8' }));
    assert.equal(answer.ticketStatus, 'pending');
    await until(async () => (await inbox('5511955550103')).find((m) => m.body === 'Olá! Seu pedido 1234 saiu para entrega.'), 'the curl message');
    await page.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/messages-api');
          const title = locale === 'en' ? 'Messages API' : 'API de mensagens';
          await shot.getByRole('heading', { level: 1, name: title }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}messages-api-${theme}-${locale}-${size}.png` });
          // The text test form with an answer.
          const form = shot.getByRole('form', { name: locale === 'en' ? 'Test send: text' : 'Teste de envio: texto' });
          await form.getByLabel('Token', { exact: false }).and(form.locator('input')).fill(connectionToken);
          await form.getByRole('textbox', { name: locale === 'en' ? /^Number/ : /^Número/ }).fill('5511955550104');
          await form.getByRole('textbox', { name: locale === 'en' ? /^Message/ : /^Mensagem/ }).fill('Teste');
          await form.getByRole('button', { name: locale === 'en' ? 'Send' : 'Enviar' }).click();
          await form.getByText(locale === 'en' ? 'Message accepted and queued for sending' : 'Mensagem aceita e na fila de envio').waitFor();
          await form.scrollIntoViewIfNeeded();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}messages-api-form-${theme}-${locale}-${size}.png` });
          await shot.screenshot({ path: `${SHOTS}messages-api-full-${theme}-${locale}-${size}.png`, fullPage: true });
          await shot.context().close();
        }
      }
    }
  });
});
