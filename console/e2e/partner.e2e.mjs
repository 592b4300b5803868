// A partner's site on another origin, as docs/partners.md tells a partner to build it (issue 32): the product started as
// the README does (with a 20 s embed session, to see the renewal), an admin creates an embed key for the partner's
// origin, and ui-kit/embed-example/partner/server.mjs serves the partner's page on http://localhost:<port> (the
// product is on 127.0.0.1: another site, default SameSite rules) and mints the partner tokens. In Chromium: the ticket
// list and chat sign in by partner token with no password form, the chat's reply reaches the sandbox phone, the session
// renews by calling getToken again without a reload, and a revoked key leaves the widgets on their error state.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiCall, apiLogin, apiOk, createDatabase, freePort, launchBrowser, signInPage, startProduct, tokenOf, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const PARTNER_SERVER = fileURLToPath(new URL('../../ui-kit/embed-example/partner/server.mjs', import.meta.url));
const EMBED = fileURLToPath(new URL('../../ui-kit/dist/embed/atende-embed.js', import.meta.url));
const ADMIN = 'admin@demo.atende.local';
const ANA = 'ana@demo.atende.local';
/** The demo's open ticket of Ana's (api/src/seeders/demo/conversations.ts). */
const RAFAEL = { number: '5511933330002', name: 'Rafael Lima' };
const TTL_S = 20;

let db;
let product;
let browser;
let partner;
let superToken;
let adminToken;
let anaConsole;
let key;
let page;
const pageErrors = [];

/** server.mjs on `port` of localhost (the origin the key allows), with the key's id and secret in its environment. */
async function startPartner(apiUrl, { keyId, secret }, port) {
  const child = spawn(process.execPath, [PARTNER_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      ATENDE_API_URL: apiUrl,
      ATENDE_EMBED_KEY_ID: keyId,
      ATENDE_EMBED_SECRET: secret,
      PARTNER_USER_EMAIL: ANA,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((ok, fail) => {
    child.stdout.on('data', (chunk) => (output += chunk) && output.includes('partner site on') && ok());
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => fail(new Error(`the partner server exited with ${code}: ${output}`)));
  });
  const url = `http://localhost:${port}`;
  return { url, minted: async () => (await (await fetch(`${url}/minted`)).json()).minted, stop: () => child.kill('SIGTERM') };
}

before(async () => {
  if (!existsSync(EMBED)) throw new Error(`${EMBED} is missing: run \`npm run build:embed -w ui-kit\` first`);
  db = await createDatabase();
  // CORS_ORIGINS names no page of the test: the partner's origin gets CORS only as an embed key's origin (without
  // credentials), as on a server where the loopback default does not apply.
  product = await startProduct({ databaseUrl: db.url, env: { EMBED_SESSION_TTL_SECONDS: String(TTL_S), CORS_ORIGINS: 'https://console.example' } });
  browser = await launchBrowser();
  superToken = await apiLogin(product.url, 'super@atende.local');
});

after(async () => {
  partner?.stop();
  await browser?.close();
  await product?.stop();
  await db?.drop();
});

const phoneInbox = () => apiOk(product.url, superToken, 'GET', `/sandbox/phones/${RAFAEL.number}/inbox`);
const list = () => page.locator('#tickets');
const chat = () => page.locator('#chat');
const composer = () => chat().getByRole('textbox', { name: 'Mensagem' });

async function reply(text) {
  await composer().fill(text);
  await composer().press('Enter');
  await until(async () => (await phoneInbox()).some((m) => m.body === text), `"${text}" on the phone`, 20_000);
}

describe('a partner page signed in by partner token', { concurrency: false }, () => {
  it("an admin creates an embed key for the partner's origin; the page shows the list and chat of the named user, no password asked", async () => {
    const adminConsole = await signInPage(browser, product.url, ADMIN);
    adminToken = await tokenOf(adminConsole);
    anaConsole = await signInPage(browser, product.url, ANA);
    const port = await freePort();
    // The origin the page will have: the partner server below binds that port on localhost.
    const origin = `http://localhost:${port}`;
    key = await apiOk(product.url, adminToken, 'POST', '/embed-keys', { name: 'Portal do parceiro', allowedOrigins: [origin] });
    assert.match(key.keyId, /^ek_/);
    assert.ok(key.secret, 'the secret is answered once, on creation');
    partner = await startPartner(product.url, key, port);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const calls = [];
    page.on('request', (r) => r.url().startsWith(product.url) && calls.push({ url: r.url(), cookie: r.headers().cookie }));
    await page.goto(`${partner.url}/`);
    await page.evaluate(() => (window.notReloaded = true));

    await list().getByText(RAFAEL.name).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('input[type="password"]').count(), 0, 'no password form on either widget');
    assert.equal(await page.getByRole('heading', { name: 'Entrar' }).count(), 0);
    // One exchange served both mounts of the shared session; nothing of it in the page's storage, no cookie sent.
    assert.equal(await partner.minted(), 1);
    assert.equal(calls.filter((c) => c.url.endsWith('/auth/embed/session')).length, 1);
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|user/.test(k))), []);
    assert.ok(calls.every((c) => !c.cookie));
    assert.equal(calls.filter((c) => c.url.includes('/auth/refresh_token')).length, 0);
    // The page's cssVariables restyle the widget (the page's own CSS cannot reach inside its shadow root).
    const primary = await list()
      .locator('.atd-root')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--atd-primary').trim());
    assert.equal(primary, '#0a7d5a');

    // The widget's sign-in ended no console session: Ana's (the same user) and the admin's still answer.
    assert.equal((await apiCall(product.url, await tokenOf(anaConsole), 'GET', '/auth/me')).status, 200);
    assert.equal((await apiCall(product.url, adminToken, 'GET', '/auth/me')).status, 200);
    await anaConsole.reload();
    await anaConsole.waitForTimeout(500);
    assert.notEqual(new URL(anaConsole.url()).pathname, '/login');
  });

  it('opening a ticket shows its chat, and a reply typed there reaches the sandbox phone', async () => {
    await list().getByText(RAFAEL.name).first().click();
    await composer().waitFor();
    assert.match(await page.locator('#events').textContent(), /tickets: \{"type":"ticket-selected"/);
    await reply('Olá Rafael, aqui é a Ana pelo portal do parceiro');
    await chat().getByText('Olá Rafael, aqui é a Ana pelo portal do parceiro').first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'partner-page.png') });
  });

  it('when the session nears its end the widget calls getToken again and keeps working, without a reload', async () => {
    await until(async () => (await partner.minted()) >= 2, 'a second partner token (the renewal)', (TTL_S + 15) * 1000);
    // Past the first session's end: whatever still used it would now be refused.
    await page.waitForTimeout(6_000);
    await reply('Continuo aqui depois da renovação');
    await chat().getByText('Continuo aqui depois da renovação').first().waitFor();
    assert.equal(await page.evaluate(() => window.notReloaded), true);
    assert.equal(await page.locator('input[type="password"]').count(), 0);
  });

  it('revoking the key ends the session at once: the widgets show their error with a retry, and new exchanges are refused', async () => {
    const revoked = await apiCall(product.url, adminToken, 'DELETE', `/embed-keys/${key.id}`);
    assert.ok(revoked.status < 300, `revoke: ${revoked.status} ${JSON.stringify(revoked.body)}`);
    for (const widget of [list(), chat()]) {
      await widget.getByRole('heading', { name: 'Não foi possível entrar' }).waitFor({ timeout: 20_000 });
      await widget.getByRole('button', { name: 'Tentar de novo' }).waitFor();
    }
    assert.equal(await page.locator('input[type="password"]').count(), 0);
    await page.screenshot({ path: join(ARTIFACTS, 'partner-page-revoked.png') });

    // A fresh partner token, from the page's origin: 401.
    const token = await (await fetch(`${partner.url}/partner-token`)).text();
    const exchange = await fetch(`${product.url}/auth/embed/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: partner.url },
      body: JSON.stringify({ token }),
    });
    assert.equal(exchange.status, 401);
    assert.equal((await exchange.json()).error, 'ERR_EMBED_TOKEN_INVALID');
    assert.deepEqual(pageErrors, []);
  });
});
