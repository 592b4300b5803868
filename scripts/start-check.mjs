// `node scripts/start-check.mjs`: starts the built API (`api/dist/main.js`) the way `npm start` does (its default
// settings, a data folder of its own), on the Node that runs this script, and walks the first minute of an operator:
// ready (/health/ready), the console served, the demo's super user logs in and lists tickets, then SIGTERM ends the
// process cleanly within its grace. `npm test` runs it on Node 26 after the API's tests (scripts/on-node.mjs), so
// the line the images use is started for real, not only imported by jest.
// With DATABASE_URL (CI) it runs on a fresh database of that server, dropped afterwards; without it, on the
// embedded PostgreSQL of its own data folder, as a newcomer's first `npm start` does.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const requireApi = createRequire(join(root, 'api', 'package.json'));
const { Client } = requireApi('pg');
const { default: Redis } = requireApi('ioredis');
const started = Date.now();
const say = (line) => process.stdout.write(`start-check: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function admin(url, sql) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'atende-start-check-'));
// Open to the `postgres` user a root run starts the embedded cluster as, so the cluster stays in the folder.
chmodSync(dataDir, 0o755);
let databaseUrl;
let serverUrl;
const dbName = `atende_start_${process.pid}`;
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/postgres';
  serverUrl = url.toString();
  await admin(serverUrl, `create database ${dbName}`);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

const port = await freePort();
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|DATABASE_URL|REDIS_PREFIX|DATA_DIR|MEDIA_DIR|PORT|HOST|SEED_DEMO|MIGRATE_ON_START)$/.test(k)),
);
const child = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
  env: { ...env, PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let logs = '';
child.stdout.on('data', (d) => (logs += d));
child.stderr.on('data', (d) => (logs += d));
const exited = new Promise((done) => child.once('exit', (code, signal) => done(signal ?? code)));

const base = `http://127.0.0.1:${port}`;
async function check() {
  say(`node ${process.version}: api/dist/main.js on port ${port}`);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API ended before it was ready (${child.exitCode})`);
    const ready = await fetch(`${base}/health/ready`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() - started > 120_000) throw new Error('not ready within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  say('ready');
  const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  if (!page.ok || !(await page.text()).includes('<div id="root"')) throw new Error(`the console is not served (${page.status})`);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'super@atende.local', password: 'Atende@2026' }),
  });
  if (!login.ok) throw new Error(`the demo's super user cannot log in (${login.status})`);
  const { token } = await login.json();
  const tickets = await fetch(`${base}/tickets`, { headers: { authorization: `Bearer ${token}` } });
  if (!tickets.ok) throw new Error(`GET /tickets answered ${tickets.status}`);
  say('console served, demo login and ticket list');
  const stopAt = Date.now();
  child.kill('SIGTERM');
  const outcome = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
  if (outcome !== 0) throw new Error(`SIGTERM: the process ended with ${outcome}`);
  say(`SIGTERM: exit 0 in ${Date.now() - stopAt} ms`);
}

/** The keys this start left under its data folder's own Redis prefix (config/local-instance.ts). */
async function forgetRedisKeys() {
  const { redisPrefix } = JSON.parse(readFileSync(join(dataDir, 'instance.json'), 'utf8'));
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

try {
  await check();
} catch (e) {
  process.stderr.write(`start-check failed: ${e.message}\n--- the API's output ---\n${logs}\n`);
  process.exitCode = 1;
} finally {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  if (serverUrl) await admin(serverUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await forgetRedisKeys().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
