// The embed keys page (issue 32, partner-minted sessions) in Chromium against the real API. A company admin opens
// 'Chaves de incorporação' from the menu, creates a key (an origin with a path is refused on its field), sees the
// secret once and copies it (the copy signs a partner token the API exchanges for an embed session from that origin),
// finds the key in the list, edits its origins, and revokes it: the row turns 'Revogada' without a reload and the
// secret signs nothing more. Screenshots light and dark, pt and en, wide and 390 px narrow.
// Run by `node --test e2e/embed-keys.e2e.mjs` after `vite build` (and the API built).
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf } from './harness.mjs';

const SHOTS = process.env.EMBED_KEYS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const PORTAL = 'https://portal.parceiro.com.br';
const LOCAL = 'http://localhost:5173';
const VIEWPORTS = { wide: { width: 1366, height: 860 }, narrow: { width: 390, height: 844 } };

let db;
let mailbox;
let api;
let browser;
let session;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: process.env.CONSOLE_DIR ? { CONSOLE_DIR: process.env.CONSOLE_DIR } : {} });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, session, method, path, body);
const keyNamed = async (name) => (await call('GET', '/embed-keys')).find((k) => k.name === name);

/** A partner token as the partner's server signs it: HS256 with the key's secret, kid = keyId, valid 2 minutes. */
function partnerToken(keyId, secret, claims) {
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT', kid: keyId })}.${b64({ aud: 'atende-embed', iat: now, exp: now + 120, jti: randomUUID(), ...claims })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** POST /auth/embed/session as the partner's page at `origin` would. */
async function exchange(keyId, secret, origin) {
  const res = await fetch(`${api.url}/auth/embed/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ token: partnerToken(keyId, secret, { email: ADMIN }) }),
  });
  return { status: res.status, body: await res.json() };
}

describe('the embed keys page in Chromium', { concurrency: false }, () => {
  let page;
  let secret;
  let keyId;
  const row = (name) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

  it("opens 'Chaves de incorporação' from the admin menu: no keys yet, and several may be active at once", async () => {
    page = await signInPage(browser, api.url, ADMIN, { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
    session = await tokenOf(page);
    await page.getByRole('link', { name: 'Chaves de incorporação' }).click();
    await page.waitForURL((url) => url.pathname === '/embed-keys');
    await page.getByRole('heading', { level: 1, name: 'Chaves de incorporação (0)' }).waitFor();
    await page.getByText('Várias chaves podem estar ativas ao mesmo tempo', { exact: false }).waitFor();
    await page.getByText('Nenhuma chave de incorporação').waitFor();
  });

  it('creates a key: an origin with a path is refused on its field; then the secret shows once and copies', async () => {
    await page.getByRole('button', { name: 'Adicionar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar chave de incorporação' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Portal do parceiro');
    const origins = dialog.getByRole('textbox', { name: /^Origens permitidas/ });
    await origins.fill(`${PORTAL}/app`);
    await dialog.getByRole('button', { name: 'Criar chave' }).click();
    await dialog.getByText(`"${PORTAL}/app" não é uma origem`, { exact: false }).waitFor();
    assert.equal(await origins.getAttribute('aria-invalid'), 'true');
    assert.equal((await call('GET', '/embed-keys')).length, 0);

    await origins.fill(PORTAL);
    await dialog.getByRole('button', { name: 'Criar chave' }).click();
    const shown = page.getByRole('dialog', { name: 'Chave criada: Portal do parceiro' });
    await shown.getByText('Ele não será mostrado de novo.', { exact: false }).waitFor();
    secret = await shown.getByRole('textbox', { name: 'Segredo' }).inputValue();
    keyId = await shown.getByRole('textbox', { name: 'ID da chave' }).inputValue();
    assert.match(keyId, /^ek_/);
    assert.ok(secret.length >= 32, 'a secret long enough to sign with');
    assert.match(await shown.locator('pre').innerText(), new RegExp(`keyid: '${keyId}'`));
    await shown.getByRole('button', { name: 'Copiar Segredo' }).click();
    await shown.getByRole('button', { name: 'Copiar Segredo' }).getByText('Copiado!').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
    await page.waitForTimeout(300); // the dialog's entry transition
    await page.screenshot({ path: `${SHOTS}embed-keys-secret-light-pt-wide.png` });

    // The copied secret is the key's: a token it signs opens an embed session from the allowed origin only.
    const opened = await exchange(keyId, secret, PORTAL);
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    assert.equal(opened.body.user.email, ADMIN);
    assert.equal((await exchange(keyId, secret, 'https://other.example')).body.error, 'ERR_EMBED_ORIGIN_FORBIDDEN');

    await shown.getByRole('button', { name: 'Copiei o segredo' }).click();
    await shown.waitFor({ state: 'detached' });
    assert.equal((await page.content()).includes(secret), false, 'the secret is gone from the page');
  });

  it('lists the key: name, key id, origin, never used, active', async () => {
    await page.getByRole('heading', { level: 1, name: 'Chaves de incorporação (1)' }).waitFor();
    const key = row('Portal do parceiro');
    await key.getByText(keyId, { exact: true }).waitFor();
    await key.getByText(PORTAL, { exact: true }).waitFor();
    await key.getByText('Ativa', { exact: true }).waitFor();
    // The list was read before the exchange: the row still says 'Nunca'; the API has the use.
    await key.getByText('Nunca').waitFor();
    assert.ok((await keyNamed('Portal do parceiro')).lastUsedAt, 'the exchange marked the key used');
  });

  it('edits its origins', async () => {
    await page.getByRole('button', { name: 'Editar Portal do parceiro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar chave de incorporação' });
    const origins = dialog.getByRole('textbox', { name: /^Origens permitidas/ });
    assert.equal(await origins.inputValue(), PORTAL);
    await origins.fill(`${PORTAL}\n${LOCAL}/`);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Chave salva.').first().waitFor();
    await row('Portal do parceiro').getByText(LOCAL, { exact: true }).waitFor();
    assert.deepEqual((await keyNamed('Portal do parceiro')).allowedOrigins, [PORTAL, LOCAL]);
  });

  it('revokes it after the confirmation: Revogada without a reload, and its secret signs nothing more', async () => {
    await page.evaluate(() => (window.__sameDocument = true));
    await page.getByRole('button', { name: 'Revogar Portal do parceiro' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revogar a chave Portal do parceiro?' });
    await confirm.getByText('As sessões abertas com esta chave terminam na hora', { exact: false }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}embed-keys-revoke-light-pt-wide.png` });
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await page.getByText('Chave revogada.').first().waitFor();
    const key = row('Portal do parceiro');
    await key.getByText('Revogada', { exact: true }).waitFor();
    await key.getByText(/^em \d{2}\/\d{2}\/\d{4}/).waitFor();
    assert.equal(await key.getByRole('button', { name: /Editar|Revogar/ }).count(), 0);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    assert.ok((await keyNamed('Portal do parceiro')).revokedAt);
    assert.equal((await exchange(keyId, secret, PORTAL)).status, 401);
    await page.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    // Beside the revoked one: an active key with two origins, used, as a rotation would leave it.
    const rotated = await call('POST', '/embed-keys', { name: 'Portal 2027 (rotação)', allowedOrigins: [PORTAL, 'https://staging.parceiro.com.br'] });
    assert.equal((await exchange(rotated.keyId, rotated.secret, PORTAL)).status, 200);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/embed-keys');
          await shot.getByRole('heading', { level: 1, name: /^(Chaves de incorporação|Embed keys) \(\d+\)$/ }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}embed-keys-${theme}-${locale}-${size}.png`, fullPage: true });
          // The form with a refused origin, then the secret of a new key.
          await shot
            .getByRole('button', { name: locale === 'en' ? 'Add' : 'Adicionar' })
            .first()
            .click();
          const form = shot.getByRole('dialog');
          await form.getByRole('textbox').first().fill(`Loja ${theme} ${locale} ${size}`);
          await form.locator('textarea').fill(`${PORTAL}\nloja.com.br`);
          await form.getByRole('button', { name: locale === 'en' ? 'Create key' : 'Criar chave' }).click();
          await form.locator('[aria-invalid="true"]').first().waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}embed-keys-form-${theme}-${locale}-${size}.png` });
          await form.locator('textarea').fill(PORTAL);
          await form.getByRole('button', { name: locale === 'en' ? 'Create key' : 'Criar chave' }).click();
          await shot.getByRole('dialog', { name: new RegExp(`^(Chave criada|Key created): Loja ${theme} ${locale} ${size}$`) }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}embed-keys-secret-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
    }
  });
});
