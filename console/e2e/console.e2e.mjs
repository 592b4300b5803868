// Real-browser tests of the console: Debian's Chromium (playwright-core) against the real API on a
// fresh database, serving the console built by `vite build`. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createDatabase, launchBrowser, startApi, startMailbox } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
mkdirSync(`${ARTIFACTS}screens/`, { recursive: true });
const PASSWORD = 'Atende@2026';
const ADMIN = 'admin@demo.atende.local';
const ANA = 'ana@demo.atende.local';
const BRUNO = 'bruno@demo.atende.local';
const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 780 };

/** The pt text of a kit message key, read from the kit's tables (so a reworded text needs no test change). */
function kitText(key) {
  const dir = new URL('../../ui-kit/src/i18n/', import.meta.url);
  for (const file of ['errors.ts', 'pt.ts', 'shell.ts', 'kit.ts']) {
    let source;
    try {
      source = readFileSync(new URL(file, dir), 'utf8');
    } catch {
      continue;
    }
    const match = source.match(new RegExp(`['"]?${key.replace(/[.]/g, '\\.')}['"]?:\\s*\\n?\\s*'((?:[^'\\\\]|\\\\.)*)'`));
    if (match) return match[1].replace(/\\'/g, "'");
  }
  throw new Error(`no pt text for ${key}`);
}

let db;
let mailbox;
let api;
let browser;

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

async function newPage(viewport = WIDE, baseURL = api.url) {
  const context = await browser.newContext({ viewport, baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  return page;
}

async function login(page, email, password = PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const drawer = (page) => page.getByRole('navigation', { name: 'Navegação principal' });

describe('console in Chromium', { concurrency: false }, () => {
  it('admin login lands on / with the admin drawer items', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}login-light-wide.png` });
    // The welcome toast lives 2 s: watched from the click on, not after the checks below (on a busy machine they
    // outlast it).
    const welcomeToast = page.getByText(/Login efetuado com sucesso!|Sua assinatura vence/).waitFor();
    await login(page, ADMIN);
    await page.waitForURL(`${api.url}/`);
    await welcomeToast;
    await drawer(page).getByRole('link', { name: 'Conexões' }).waitFor();
    for (const name of ['Dashboard', 'Usuários', 'Filas & Chatbot', 'Configurações', 'Financeiro', 'Atendimentos']) {
      assert.equal(await drawer(page).getByRole('link', { name, exact: true }).count(), 1, name);
    }
    await page.getByText(/Olá, .*Bem-vindo a Empresa Demo!.*Ativo até/).waitFor();
    await page.waitForTimeout(2300); // the connections badge is evaluated after 2 s
    await page.screenshot({ path: `${ARTIFACTS}shell-admin-light-wide.png` });
    await page.context().close();
  });

  it('attendant login lands on /tickets without the admin items', async () => {
    const page = await newPage();
    await login(page, ANA);
    await page.waitForURL('**/tickets');
    await drawer(page).getByRole('link', { name: 'Atendimentos' }).waitFor();
    assert.equal(await drawer(page).getByRole('link', { name: 'Conexões' }).count(), 0);
    assert.equal(await drawer(page).getByRole('link', { name: 'Dashboard' }).count(), 0);
    assert.equal(await page.getByText(/Ativo até/).count(), 0);
    await page.goto('/');
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it("serves /sw.js and the profile modal's push switch registers it as the console's service worker", async () => {
    const sw = await fetch(`${api.url}/sw.js`);
    assert.equal(sw.status, 200);
    assert.match(sw.headers.get('content-type') ?? '', /javascript/);
    assert.match(await sw.text(), /addEventListener\('push'/);
    const page = await newPage();
    await page.context().grantPermissions(['notifications'], { origin: api.url });
    await login(page, ANA);
    await page.waitForURL('**/tickets');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const toggle = page.getByRole('switch', { name: 'Notificações push' });
    await toggle.waitFor();
    // The switch stays disabled until the modal has read this browser's push state (a lazily loaded chunk); a forced
    // click before that is a click on a disabled switch, which a busy machine made this test do.
    for (let i = 0; i < 300 && !(await toggle.isEnabled()); i++) await page.waitForTimeout(50);
    assert.equal(await toggle.isEnabled(), true);
    assert.equal(await toggle.isChecked(), false);
    await page.screenshot({ path: `${ARTIFACTS}screens/profile-push-light-wide.png` });
    await toggle.click({ force: true });
    // Headless Chromium has no push service, so subscribing fails after this; the registration is what is checked.
    const registered = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration('/');
        return r?.active ? { scope: r.scope, script: r.active.scriptURL } : null;
      });
    let registration = null;
    for (let i = 0; i < 100 && !registration; i++) registration = await registered().then((r) => r ?? page.waitForTimeout(100).then(() => null));
    assert.deepEqual(registration, { scope: `${api.url}/`, script: `${api.url}/sw.js` });
    await page.context().close();
  });

  it('a wrong password shows the translated ERR_INVALID_CREDENTIALS', async () => {
    const page = await newPage();
    await login(page, ADMIN, 'not-the-password');
    await page.getByText(kitText('ERR_INVALID_CREDENTIALS')).waitFor();
    assert.match(page.url(), /\/login$/);
    await page.context().close();
  });

  it('a /tickets/ path opened while signed out is restored after login; a signed-in user on /login goes to /', async () => {
    const page = await newPage();
    await page.goto('/tickets/3f0c5a1e-demo');
    await page.waitForURL('**/login');
    await login(page, ANA);
    await page.waitForURL('**/tickets/3f0c5a1e-demo');
    await page.goto('/login');
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it('an unknown address shows the not-found page, whose link goes back to the start page', async () => {
    const page = await newPage();
    await login(page, ANA);
    await page.waitForURL('**/tickets');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: kitText('page.notFound') }).waitFor();
    await page.getByText(kitText('page.notFoundDescription')).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}screens/not-found-light-wide.png` });
    await page.getByRole('button', { name: 'Tema escuro' }).click();
    await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${ARTIFACTS}screens/not-found-dark-phone.png` });
    // Keyboard: the link is reachable and follows with Enter.
    const link = page.getByRole('link', { name: kitText('page.notFoundAction') });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it('language and theme switches persist across reload', async () => {
    const page = await newPage();
    await login(page, ADMIN);
    await page.waitForURL(`${api.url}/`);
    await page.getByRole('button', { name: 'Idioma: Português' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByText('Hello, ').waitFor();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
    await page.reload();
    await page.getByText('Hello, ').waitFor();
    await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Connections' }).count(), 1);
    await page
      .getByRole('button', { name: 'Idioma: Português' })
      .or(page.getByRole('button', { name: 'Language: English' }))
      .click();
    await page.getByRole('menuitemradio', { name: 'Português' }).click();
    await page.getByText('Olá, ').waitFor();
    await page.waitForTimeout(2300);
    await page.screenshot({ path: `${ARTIFACTS}shell-admin-dark-wide.png` });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Mais opções' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}shell-admin-dark-phone.png` });
    await page.getByRole('button', { name: 'Mais opções' }).click();
    await page.getByRole('menuitem', { name: 'Tema claro' }).click();
    await page.locator('.atd-root[data-theme="light"]').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}shell-admin-light-phone.png` });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog', { name: 'Navegação principal' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}shell-drawer-overlay-phone.png` });
    await page.keyboard.press('Escape');
    await page.context().close();

    const loginPage = await newPage(PHONE);
    await loginPage.emulateMedia({ colorScheme: 'dark' });
    await loginPage.goto('/login');
    await loginPage.getByRole('heading', { name: 'Entrar' }).waitFor();
    await loginPage.screenshot({ path: `${ARTIFACTS}login-dark-phone.png` });
    await loginPage.context().close();
  });

  it('logging out and a session revoked elsewhere both return to /login', async () => {
    const page = await newPage();
    await login(page, ANA);
    await page.waitForURL('**/tickets');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');

    await login(page, ADMIN);
    await page.waitForURL(`${api.url}/`);
    const token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
    const revoked = await fetch(`${api.url}/auth/logout`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    assert.ok(revoked.status < 300, `DELETE /auth/logout answered ${revoked.status}`);
    // The server closes this browser's socket (or refuses it, if it was still connecting); the refused
    // refresh that follows ends the session here without waiting for the next API call.
    await page.waitForURL('**/login', { timeout: 10_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  });

  it('logging in elsewhere forces the first browser out', async () => {
    const first = await newPage();
    // The notice reaches sockets that are in their rooms: wait for the server's namespace connect ("40{sid}"),
    // not a fixed time (a loaded CI machine loads socket.io-client and connects well after the list shows).
    const joined = new Promise((resolve) =>
      first.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).startsWith('40') && resolve())),
    );
    await login(first, BRUNO);
    await first.waitForURL('**/tickets');
    await joined; // the server's middleware joins the rooms before it answers the connect
    // The notice is a 2 s toast: watched from before the second login, not after it (on a busy machine the second
    // browser's landing outlasts it).
    const notice = first.getByText(kitText('session.forcedLogout')).waitFor();
    const second = await newPage();
    await login(second, BRUNO);
    await second.waitForURL('**/tickets');
    await notice;
    await first.waitForURL('**/login', { timeout: 10_000 });
    assert.equal(await first.evaluate(() => localStorage.getItem('token')), null);
    await second.getByRole('link', { name: 'Atendimentos' }).waitFor();
    await first.context().close();
    await second.context().close();
  });

  it('sign-up creates a trial company that can log in', async () => {
    const page = await newPage();
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Nome da empresa' }).fill('Padaria E2E');
    await page.getByRole('textbox', { name: 'Email' }).fill('dono@padaria-e2e.local');
    await page.getByRole('textbox', { name: 'Telefone com DDD' }).fill('5511988887777');
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: /Plano/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL('**/login');
    await page.getByText(kitText('signup.success')).waitFor();
    await login(page, 'dono@padaria-e2e.local', 'segredo123');
    await page.waitForURL(`${api.url}/`);
    await page.getByText(/Bem-vindo a Padaria E2E!/).waitFor();
    // A 3-day trial: the subscription warning of fewer than 5 days.
    await page.getByText(/Sua assinatura vence em \d dia\(s\)/).waitFor();
    await page.context().close();
  });

  it('password reset through the mailed code works', async () => {
    const page = await newPage();
    await page.goto('/forgetpsw');
    await page.getByRole('textbox', { name: 'Email' }).fill(BRUNO);
    await page.getByRole('button', { name: 'Enviar Email' }).click();
    await page.getByRole('textbox', { name: 'Código de verificação' }).waitFor();
    const mail = await mailbox.waitFor(BRUNO);
    const code = mail.raw.match(/\b(\d{6})\b/)?.[1];
    assert.ok(code, 'the mail carries a 6-digit code');
    await page.getByRole('textbox', { name: 'Código de verificação' }).fill(code);
    await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha2026');
    await page.getByLabel('Confirme a senha', { exact: true }).fill('NovaSenha2026');
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await page.getByText(kitText('forgot.success')).waitFor();
    await page.waitForURL('**/login');
    await login(page, BRUNO, 'NovaSenha2026');
    await page.waitForURL('**/tickets');
    await page.context().close();
  });

  it('on /forgetpsw a typo stays on the form with its message; an unknown e-mail gets the neutral answer', async () => {
    const page = await newPage();
    await page.goto('/forgetpsw');
    await page.getByRole('textbox', { name: 'Email' }).fill('ninguem@nada');
    await page.getByRole('button', { name: 'Enviar Email' }).click();
    await page.getByText(kitText('validation.email')).waitFor();
    assert.match(page.url(), /\/forgetpsw$/);
    await page.getByRole('textbox', { name: 'Email' }).fill('ninguem@nada.local');
    await page.getByRole('button', { name: 'Enviar Email' }).click();
    await page.getByText(kitText('forgot.emailSent')).waitFor();
    assert.match(page.url(), /\/forgetpsw$/);
    await page.context().close();
  });
});

describe('an expired access token', { concurrency: false }, () => {
  let shortDb;
  let shortApi;
  before(async () => {
    shortDb = await createDatabase();
    shortApi = await startApi({ databaseUrl: shortDb.url, smtpPort: mailbox.port, env: { ACCESS_TOKEN_TTL: '2' } });
  });
  after(async () => {
    await shortApi?.stop();
    await shortDb?.drop();
  });

  it('refreshes silently', async () => {
    const page = await newPage(WIDE, shortApi.url);
    const refreshes = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/auth/refresh_token')) refreshes.push(res.status());
    });
    await login(page, ADMIN);
    await page.waitForURL(`${shortApi.url}/`);
    await page.waitForTimeout(3000);
    // GET /queue with the expired token: 403, one refresh, the retry succeeds.
    const queues = page.waitForResponse((res) => new URL(res.url()).pathname === '/queue' && res.status() === 200);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await queues;
    await page.getByRole('checkbox', { name: 'Suporte' }).waitFor();
    await page.getByRole('checkbox', { name: 'Vendas' }).waitFor();
    assert.ok(refreshes.includes(200), `a refresh succeeded (${refreshes.join(', ')})`);
    assert.match(page.url(), /\/$/);
    await page.context().close();
  });
});
