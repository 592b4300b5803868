// Starts what the console's browser tests run against: a PostgreSQL database of its own (a clone of the migrated
// template, or empty for a test of the product as installed), a local SMTP server that keeps what it receives, the
// real API (its build, seeded with the demo on start, serving the built console) and Debian's Chromium through
// playwright-core.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { chromium } from 'playwright-core';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, what playwright itself runs headless) where installed:
 * the same engine without the browser's window layer, measured at half the CPU of `chromium --headless` for the same
 * four files (82 against 152 CPU-seconds, 89 against 133 s). Otherwise Debian's chromium; CHROMIUM_PATH picks another.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
/**
 * Every host but this machine fails at once (YouTube thumbnails and players, fonts or avatars a page names): a test
 * machine without the internet otherwise waits on DNS, and a test must not depend on what the internet answers.
 */
const OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  OFFLINE,
];

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The migrated template database the API's jest run clones too (api/test/prepare-template.ts names it after the
 * migrations' contents and builds it once, under an advisory lock): in CI the jest run has built it already, so a
 * browser test's database costs a file copy instead of every migration.
 */
async function migratedTemplate(serverUrl) {
  const dir = join(repoRoot, 'api', 'src', 'database', 'migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const name = `atende_tpl_${hash.digest('hex').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const built = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  await client.end();
  if (built) return name;
  const printed = execFileSync(process.execPath, ['-r', '@swc-node/register', 'test/prepare-template.ts'], {
    cwd: join(repoRoot, 'api'),
    env: { ...process.env, TEST_PG_SERVER_URL: serverUrl },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return printed.trim().split('\n').pop();
}

/**
 * A database of its own on the server of DATABASE_URL, migrated (a clone of the migrated template), or `empty` for
 * a test of the product as installed, which migrates it itself; dropped by the returned function.
 */
export async function createDatabase({ empty = false } = {}) {
  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  serverUrl.pathname = '/postgres';
  const name = `atende_e2e_${randomBytes(4).toString('hex')}`;
  const template = empty ? undefined : await migratedTemplate(serverUrl.toString());
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An SMTP server that keeps every message; `waitFor(to)` answers the next one for that address. */
export async function startMailbox() {
  const messages = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const message = { to, raw: decodeQuotedPrintable(raw), taken: false };
        messages.push(message);
        const waiter = waiters.find((w) => to.includes(w.to));
        if (waiter) {
          waiters.splice(waiters.indexOf(waiter), 1);
          message.taken = true;
          waiter.resolve(message);
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    port,
    messages,
    /** The oldest message to `to` not answered yet, or the next one to arrive. */
    waitFor(to, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      const waiting = messages.find((m) => !m.taken && m.to.includes(address));
      if (waiting) {
        waiting.taken = true;
        return Promise.resolve(waiting);
      }
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`no mail for ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to: address, resolve: (m) => (clearTimeout(timer), ok(m)) });
      });
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The API (its build, on test settings: the demo seeded, sandbox phones, a mailbox) on a free port; resolves when /health answers. */
export async function startApi({ databaseUrl, smtpPort, env = {} }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-'));
  const consoleDir = join(repoRoot, 'console', 'dist');
  if (!existsSync(join(consoleDir, 'index.html'))) throw new Error('console/dist is missing: run `vite build` first');
  const main = join(repoRoot, 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build -w api\` first`);
  const logs = [];
  // The API's build, which `npm run test:e2e` makes first: compiling the sources at each start (swc-node) cost every
  // browser file seconds of CPU.
  const child = spawn(process.execPath, [main], {
    cwd: join(repoRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `atende-e2e-${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      CONSOLE_DIR: consoleDir,
      SEED_DEMO: 'true',
      MIGRATE_ON_START: 'true',
      THROTTLE_LOGIN_LIMIT: '1000',
      THROTTLE_RESET_LIMIT: '1000',
      THROTTLE_SIGNUP_LIMIT: '1000',
      // Integration URLs the tests save point at loopback (the outbound guard refuses it unless listed).
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_SECURE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return supervise(child, port, logs, dataDir);
}

/**
 * The product as the README's `npm start` runs it: the API's production build (`node dist/main.js` from api/, as
 * `npm run start:prod -w api` does) with the default settings: NODE_ENV unset (development: the sandbox network and the
 * demo seed are on), the console from console/dist, the data in a `.data` folder (a dot folder, as the repository's own
 * `.data` is) with MEDIA_DIR left to its default `.data/media`. Only DATA_DIR points that `.data` into a temporary
 * folder, DATABASE_URL at a fresh database on the CI PostgreSQL (the README's "embedded or CI PostgreSQL") and
 * REDIS_PREFIX keeps parallel test runs apart on the shared Redis. `env` adds what a test's operator would set (a short
 * EMBED_SESSION_TTL_SECONDS). Needs `npm run build -w api` and the console built.
 */
export async function startProduct({ databaseUrl, env = {} }) {
  const main = join(repoRoot, 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build -w api\` first`);
  if (!existsSync(join(repoRoot, 'console', 'dist', 'index.html'))) throw new Error('console/dist is missing: run `vite build` first');
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'atende-product-'));
  const dataDir = join(home, '.data');
  // A person's shell: no NODE_ENV, no test switches, no other database or data folder.
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(NODE_ENV|NODE_TEST|DATABASE_URL|REDIS_PREFIX|DATA_DIR|MEDIA_DIR|CONSOLE_DIR|SEED_DEMO|MIGRATE_ON_START|SANDBOX_|THROTTLE_)/.test(k),
    ),
  );
  const logs = [];
  const child = spawn(process.execPath, [main], {
    cwd: join(repoRoot, 'api'),
    env: {
      ...shell,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_PREFIX: `atende-product-${randomBytes(4).toString('hex')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { ...(await supervise(child, port, logs, home)), dataDir, mediaDir: join(dataDir, 'media') };
}

/**
 * Keeps an API process's output, resolves once its /health answers (within 120 s; its output in the error when it
 * exits or never answers) and stops it: SIGTERM, SIGKILL after 10 s, then its folder removed.
 */
async function supervise(child, port, logs, folder) {
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  const exited = new Promise((ok) => child.once('exit', (code) => ok(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer /health within 120 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    logs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A width × height RGB PNG whose pixels `paint(x, y)` gives ([r, g, b]): an image a browser draws, made in code. */
export function png(width, height, paint) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y += 1) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x += 1) for (const channel of paint(x, y)) raw[o++] = channel;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}. Install its headless shell (Debian/Ubuntu: \`sudo apt-get install chromium-headless-shell\`) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The demo seed's password (api/src/database/seeders/demo.seeder.ts). */
export const DEMO_PASSWORD = 'Atende@2026';

/** POST /auth/login; answers the token. A user has one session: a later login (API or browser) ends this one. */
export async function apiLogin(apiUrl, email, password = DEMO_PASSWORD) {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One JSON call with a bearer token: { status, body }, whatever the status. */
export async function apiCall(apiUrl, token, method, path, body) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** apiCall that fails unless the answer is 2xx; answers the body. */
export async function apiOk(apiUrl, token, method, path, body) {
  const res = await apiCall(apiUrl, token, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Waits until `check()` answers truthy (a bounded poll); `seen()` adds what was last seen to the timeout's message. */
export async function until(check, what, timeoutMs = 15_000, seen = () => '') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${await seen()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A new browser context signed in through the console's login form (pt-BR); answers the page, on whatever the
 * sign-in landed, with notifications granted. `contextOptions` go to browser.newContext; `theme` is stored as the kit's preferred theme first;
 * `initScript` runs in every page before the app (stand-ins for browser APIs).
 */
export async function signInPage(browser, apiUrl, email, { viewport = { width: 1366, height: 800 }, theme, contextOptions = {}, initScript } = {}) {
  // Notifications granted, as an attendant's browser would have them: headless Chromium denies the console's ask at the
  // first click otherwise, and the 'denied' toast can land over whatever the test clicks next.
  const permissions = [...new Set(['notifications', ...(contextOptions.permissions ?? [])])];
  const context = await browser.newContext({
    viewport,
    baseURL: apiUrl,
    locale: 'pt-BR',
    ...(theme ? { colorScheme: theme } : {}),
    ...contextOptions,
    permissions,
  });
  if (theme) await context.addInitScript((t) => localStorage.setItem('preferredTheme', t), theme);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** The signed-in page's own API token (to call the API as that session without a second login). */
export async function tokenOf(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
}

/**
 * The screenshot sweeps' themes and locales. `E2E_SHOTS=all` takes every screen light and dark, in Portuguese and
 * English (what to look at before calling a screen done); otherwise, as `npm test` runs, dark in English only, at
 * each viewport: the other tests already run every screen light and in Portuguese, so the sweep still proves each
 * screen renders in the other theme and language, at a quarter of the time.
 */
const ALL_SHOTS = process.env.E2E_SHOTS === 'all';
export const SHOT_THEMES = ALL_SHOTS ? ['light', 'dark'] : ['dark'];
export const SHOT_LOCALES = ALL_SHOTS ? ['pt', 'en'] : ['en'];
