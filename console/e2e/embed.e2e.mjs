// Real-browser test of the ui-kit embed (ui-kit/dist/embed/atende-embed.js and its chunks/, built by
// `npm run build -w ui-kit`): ui-kit/embed-example/index.html, a partner page with aggressive
// global CSS, is served from its own origin by a local static server, loads the embed with a
// <script> tag and mounts two login widgets against the real API (harness.mjs);
// ui-kit/embed-example/tickets.html mounts the tickets widget beside the chat widget.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createDatabase, freePort, launchBrowser, startApi, startMailbox, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const UI_KIT = resolve(fileURLToPath(new URL('../../ui-kit/', import.meta.url)));
const EMBED = join(UI_KIT, 'dist', 'embed', 'atende-embed.js');
const PASSWORD = 'Atende@2026';
const ADMIN = { email: 'admin@demo.atende.local', name: 'Admin Demo' };
const ANA = { email: 'ana@demo.atende.local', name: 'Ana Atendente' };
const YELLOW = 'rgb(255, 255, 0)';
const RED = 'rgb(255, 0, 0)';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };
const PHONE = '5511988887777';

/** Serves ui-kit/embed-example/ and ui-kit/dist/embed/ (only those) on a port of its own: another origin than the API. */
async function startStaticServer() {
  const allowed = [join(UI_KIT, 'embed-example') + sep, join(UI_KIT, 'dist', 'embed') + sep];
  const server = createServer((req, res) => {
    const path = normalize(join(UI_KIT, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!allowed.some((dir) => path.startsWith(dir)) || !existsSync(path)) {
      res.writeHead(404).end('not found');
      return;
    }
    // A CDN serving the embed to other origins sends CORS headers: the chunks are ES modules, fetched in CORS mode.
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Access-Control-Allow-Origin': '*' });
    res.end(readFileSync(path));
  });
  const port = await freePort();
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

let db;
let mailbox;
let api;
let site;
let browser;

before(async () => {
  if (!existsSync(EMBED)) throw new Error(`${EMBED} is missing: run \`npm run build -w ui-kit\` first`);
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  site = await startStaticServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

/** Computed styles of the first element matching `selector` (Playwright's CSS engine pierces open shadow roots). */
function styleOf(locator, ...props) {
  return locator.evaluate((el, names) => {
    const style = getComputedStyle(el);
    return Object.fromEntries(names.map((n) => [n, style.getPropertyValue(n)]));
  }, props);
}

async function logIn(widget, { email }) {
  await widget.getByRole('textbox', { name: 'Email' }).fill(email);
  await widget.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await widget.getByRole('button', { name: 'Entrar' }).click();
}

describe('ui-kit embed on a partner page', () => {
  it('mounts isolated login widgets with separate sessions, and unmount removes one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws));
    const loginSlots = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/auth/login')) loginSlots.push(r.headers()['x-atende-session']);
    });

    await page.goto(`${site.url}/embed-example/index.html?api=${encodeURIComponent(api.url)}`);
    assert.equal(await page.evaluate(() => typeof window.Atende?.mount), 'function');
    const a = page.locator('#widget-a');
    const b = page.locator('#widget-b');
    await a.getByRole('heading', { name: 'Entrar' }).waitFor();
    await b.getByRole('heading', { name: 'Entrar' }).waitFor();

    // Each widget lives in the shadow root of its own <atende-widget>; the page holds no kit rule or element.
    const dom = await page.evaluate(() => ({
      hosts: [...document.querySelectorAll('#widget-a > atende-widget, #widget-b > atende-widget')].map((h) => Boolean(h.shadowRoot)),
      kitRoots: document.querySelectorAll('.atd-root').length,
      kitRulesInPage: [...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r) => r.cssText.includes('@layer atende')).length,
    }));
    assert.deepEqual(dom, { hosts: [true, true], kitRoots: 0, kitRulesInPage: 0 });

    // The page keeps its own look, even on an element that borrows a kit class name...
    const hostButton = await styleOf(page.locator('#host-button'), 'background-color', 'font-family', 'color');
    assert.deepEqual(hostButton, { 'background-color': YELLOW, 'font-family': 'serif', color: RED });
    const borrowed = await styleOf(page.locator('#host-kit-class'), 'background-color', 'outline-style', 'border-top-style');
    assert.deepEqual(borrowed, { 'background-color': YELLOW, 'outline-style': 'solid', 'border-top-style': 'dashed' });

    // ...and the page's CSS does not reach the widget: no yellow, serif, red, dashed border or 10px rem.
    const submit = a.getByRole('button', { name: 'Entrar' });
    const widgetButton = await styleOf(submit, 'background-color', 'font-family', 'color', 'border-top-style', 'letter-spacing', 'text-transform');
    assert.notEqual(widgetButton['background-color'], YELLOW);
    assert.doesNotMatch(widgetButton['font-family'], /^serif$/);
    assert.notEqual(widgetButton.color, RED);
    assert.notEqual(widgetButton['border-top-style'], 'dashed');
    assert.notEqual((await styleOf(submit, 'outline-color'))['outline-color'], 'rgb(255, 0, 255)');
    assert.equal(widgetButton['letter-spacing'], 'normal');
    const title = await styleOf(a.getByRole('heading', { name: 'Entrar' }), 'color', 'text-transform', 'font-size');
    assert.notEqual(title.color, RED);
    assert.equal(title['text-transform'], 'none');
    assert.equal(title['font-size'], '20px'); // 1.25rem of the kit at 16px, although the page's <html> is 10px
    const input = await styleOf(a.getByRole('textbox', { name: 'Email' }), 'border-top-color', 'box-sizing');
    assert.notEqual(input['border-top-color'], 'rgb(255, 165, 0)');

    await page.screenshot({ path: join(ARTIFACTS, 'embed-login.png'), fullPage: true });

    // Two mounts, two sessions: Admin signs in on A, B still asks; Ana signs in on B, A stays Admin.
    await logIn(a, ADMIN);
    await a.getByRole('heading', { name: ADMIN.name }).waitFor();
    assert.equal(await b.getByRole('heading', { name: 'Entrar' }).isVisible(), true);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.endsWith('token'))
        .sort(),
    );
    assert.deepEqual(stored, ['atende-embed-1:token']);
    // The login toast is portalled inside A's shadow root (the page has no toast region of its own).
    await a.locator('.atd-ToastRegion').first().waitFor();
    assert.equal(await page.evaluate(() => document.querySelectorAll('.atd-ToastRegion, [role="alert"]').length), 0);

    await logIn(b, ANA);
    await b.getByRole('heading', { name: ANA.name }).waitFor();
    assert.equal(await a.getByRole('heading', { name: ADMIN.name }).isVisible(), true);
    const tokens = await page.evaluate(() => [1, 2].map((n) => JSON.parse(localStorage.getItem(`atende-embed-${n}:token`))));
    assert.equal(tokens.length, 2);
    assert.notEqual(tokens[0], tokens[1]);
    const users = await page.evaluate(() => [1, 2].map((n) => JSON.parse(localStorage.getItem(`atende-embed-${n}:user`)).email));
    assert.deepEqual(users, [ADMIN.email, ANA.email]);
    // One browser, one API origin, two users: each widget signed in under its own refresh-cookie slot,
    // so renewing A's session answers Admin and renewing B's answers Ana, never the last one to sign in.
    assert.equal(loginSlots.length, 2);
    assert.ok(loginSlots.every(Boolean) && loginSlots[0] !== loginSlots[1], `slots ${loginSlots}`);
    const renewed = await page.evaluate(
      ({ apiUrl, slots }) =>
        Promise.all(
          slots.map(async (slot) => {
            const r = await fetch(`${apiUrl}/auth/refresh_token`, { method: 'POST', credentials: 'include', headers: { 'X-Atende-Session': slot } });
            return r.ok ? (await r.json()).user.email : r.status;
          }),
        ),
      { apiUrl: api.url, slots: loginSlots },
    );
    assert.deepEqual(renewed, [ADMIN.email, ANA.email]);

    // Overlays stay inside the widget: on B's sign-up form the plan select's popover opens inside its shadow root.
    await page.evaluate(() => window.atendeExample.b.update({ widget: 'signup' }));
    await b.getByRole('heading', { name: 'Cadastre-se' }).waitFor();
    await b.getByRole('button', { name: /Plano/ }).click();
    await b.getByRole('listbox').waitFor();
    assert.equal(await page.evaluate(() => document.querySelectorAll('[role="listbox"]').length), 0);
    assert.notEqual((await styleOf(b.getByRole('listbox'), 'color')).color, RED);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.atendeExample.b.update({ widget: 'login' }));
    await b.getByRole('heading', { name: ANA.name }).waitFor();

    await page.screenshot({ path: join(ARTIFACTS, 'embed-host-page.png'), fullPage: true });

    // Unmount: the widget's element goes, its socket closes, the other widget goes on.
    const open = () => sockets.filter((ws) => !ws.isClosed()).length;
    const deadline = Date.now() + 10_000;
    while (open() < 2 && Date.now() < deadline) await page.waitForTimeout(100);
    assert.equal(open(), 2, 'one realtime socket per signed-in widget');
    await page.locator('#remove-a').click();
    assert.equal(await page.locator('#widget-a > atende-widget').count(), 0);
    assert.equal(await page.evaluate(() => document.getElementById('widget-a').childNodes.length), 0);
    const closeDeadline = Date.now() + 10_000;
    while (open() > 1 && Date.now() < closeDeadline) await page.waitForTimeout(100);
    assert.equal(open(), 1, "A's socket closed, B's still open");
    assert.equal(await b.getByRole('heading', { name: ANA.name }).isVisible(), true);

    // B logs out: its session goes, and nothing of A's comes back.
    await b.getByRole('button', { name: 'Sair' }).click();
    await b.getByRole('heading', { name: 'Entrar' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('atende-embed-2:token')), null);
    assert.match(await page.locator('#events').textContent(), /B: \{"type":"logout"/);

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('loads the widget code on demand, and wires the tickets widget beside the chat widget with one session', async () => {
    const token = await apiToken(ADMIN.email);
    const whatsappId = await connectedSandbox(token);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const scripts = [];
    page.on('request', (r) => {
      if (r.url().startsWith(site.url) && r.url().endsWith('.js')) scripts.push(r.url());
    });

    await page.goto(`${site.url}/embed-example/tickets.html?api=${encodeURIComponent(api.url)}`);
    const list = page.locator('#tickets');
    const chat = page.locator('#chat');
    await list.getByRole('heading', { name: 'Entrar' }).waitFor();
    // One sign-in form per shared session: on the first mount (the list); the chat points at it.
    await chat.getByRole('heading', { name: 'Entre no formulário ao lado para ver a conversa.' }).waitFor();
    assert.equal(await chat.locator('input[type="password"]').count(), 0);
    // The script tag loads the loader; the rest came as chunks beside it, and not the sign-up and profile widgets' code.
    assert.ok(scripts.some((url) => url.endsWith('/dist/embed/atende-embed.js')));
    const loaderBytes = (await (await fetch(`${site.url}/dist/embed/atende-embed.js`)).arrayBuffer()).byteLength;
    assert.ok(loaderBytes < 10_000, `the loader is ${loaderBytes} bytes`);
    for (const chunk of ['runtime', 'tickets-widget', 'chat-widget']) {
      assert.ok(
        scripts.some((url) => url.includes(`/dist/embed/chunks/${chunk}-`)),
        `${chunk} loaded: ${scripts.join(', ')}`,
      );
    }
    assert.equal(scripts.filter((url) => url.includes('/chunks/auth-widgets-')).length, 0, 'the sign-up and profile code is not loaded');

    // One sign-in on the list signs the chat in too (shareSession). The ticket it then lists: a customer wrote, and
    // the admin took it (over the API, before that sign-in, which ends the API token's session).
    await sandboxSend(await apiToken('super@atende.local'), whatsappId, 'Olá do portal do parceiro');
    const ticket = await waitForTicket(token, PHONE);
    const put = await fetch(`${api.url}/tickets/${ticket.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'open', userId: (await me(token)).id }),
    });
    assert.ok(put.ok, `accept: ${put.status} ${await put.text()}`);
    await logIn(list, ADMIN);
    await chat.getByRole('heading', { name: 'Entre no formulário ao lado para ver a conversa.' }).waitFor({ state: 'detached' });

    // Choosing the ticket in the list opens its chat beside it.
    await list.getByText('Cliente do Portal').first().click();
    await chat.getByText('Olá do portal do parceiro').first().waitFor();
    assert.match(await page.locator('#events').textContent(), new RegExp(`tickets: \\{"type":"ticket-selected","ticket":"${ticket.uuid}"`));
    // Each widget keeps its own shadow root; the page holds no kit element.
    assert.equal(await page.evaluate(() => document.querySelectorAll('.atd-root').length), 0);
    await page.screenshot({ path: join(ARTIFACTS, 'embed-tickets-chat.png'), fullPage: true });

    // By keyboard inside the widget's shadow root: Enter on the ticket's options opens its menu with the first item
    // focused, arrows move, Escape closes it and gives focus back to the button; Enter in the composer sends.
    const focused = () =>
      page.evaluate(() => {
        const host = document.querySelector('#chat');
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return host?.contains(document.activeElement) ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '(outside the chat)';
      });
    const options = chat.getByRole('button', { name: 'Opções do ticket' });
    await options.focus();
    await page.keyboard.press('Enter');
    await chat.getByRole('menu', { name: 'Opções do ticket' }).waitFor();
    await until(async () => (await focused()).startsWith('Agendamento'), 'the first menu item focused', 5_000, focused);
    await page.keyboard.press('ArrowDown');
    await until(async () => (await focused()) === 'Transferir', 'the next item focused', 5_000, focused);
    await page.keyboard.press('Escape');
    await chat.getByRole('menu').waitFor({ state: 'detached' });
    await until(async () => (await focused()) === 'Opções do ticket', 'focus back on the options button', 5_000, focused);
    await chat.getByRole('textbox').first().focus();
    await page.keyboard.type('Enviada pelo teclado');
    await page.keyboard.press('Enter');
    await chat.getByText('Enviada pelo teclado').first().waitFor();

    // Switching the chat to no ticket empties it.
    await page.evaluate(() => window.atendeDesk.chat.update({ ticketUuid: undefined }));
    await chat.getByText('Olá do portal do parceiro').first().waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

async function apiToken(email) {
  const res = await fetch(`${api.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function me(token) {
  return (await fetch(`${api.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json();
}

/** The demo's sandbox connection, once it is CONNECTED. */
async function connectedSandbox(token) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await (await fetch(`${api.url}/whatsapp`, { headers: { authorization: `Bearer ${token}` } })).json();
    const sandbox = list.find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED');
    if (sandbox) return sandbox.id;
    if (Date.now() > deadline) throw new Error(`no connected sandbox connection: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function sandboxSend(token, whatsappId, body) {
  const res = await fetch(`${api.url}/sandbox/phones/${PHONE}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ whatsappId, body, name: 'Cliente do Portal' }),
  });
  if (!res.ok) throw new Error(`sandbox send: ${res.status} ${await res.text()}`);
}

/** The ticket of the phone's contact, once the API has it. */
async function waitForTicket(token, number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${api.url}/tickets?showAll=true`, { headers: { authorization: `Bearer ${token}` } });
    const found = (await res.json()).tickets?.find((t) => t.contact?.number === number);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ticket for ${number}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
