import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { redisAnswers } from '../../src/config/local-redis';
import { createTestDatabase, sleep } from '../harness';

/**
 * Real processes for fault tests: the API as `npm start` runs it (the production build, `node dist/main.js`, default
 * settings unless a test names one), on its own database, Redis prefix and data folder, and a private `redis-server`
 * a test can stop and start. `npm run test:faults` builds `dist/` first.
 */

const API_DIR = resolve(__dirname, '..', '..');
const MAIN = join(API_DIR, 'dist', 'main.js');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.on('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => res(port));
    });
  });
}

export interface ApiProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends a signal (SIGKILL by default) and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface Deployment {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  /**
   * Starts one API process of this deployment (same database, Redis prefix and data folder each time), on the
   * deployment's port, or with `ownPort` on a port of its own: several processes running side by side.
   */
  start(env?: Record<string, string>, options?: { ownPort?: boolean }): Promise<ApiProcess>;
  /** Ends every process it started, drops the database, removes the data folder. */
  close(): Promise<void>;
}

/**
 * A deployment on a fresh database (cloned from the migrated template, so the first start seeds the demo company:
 * connection 1 on the sandbox network, super@atende.local). Its processes listen on one port, so a restarted
 * process is found where the old one was.
 */
export async function createDeployment(options: { redisUrl?: string; env?: Record<string, string> } = {}): Promise<Deployment> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build -w api\` (npm run test:faults does)`);
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-fault-'));
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `atende-fault-${Math.random().toString(16).slice(2, 10)}`;
  const port = await freePort();
  const started: ApiProcess[] = [];
  return {
    databaseUrl: db.url,
    redisUrl,
    redisPrefix,
    dataDir,
    async start(env = {}, startOptions = {}) {
      const p = await startApiProcess(startOptions.ownPort ? await freePort() : port, {
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        DATA_DIR: dataDir,
        CONSOLE_DIR: join(dataDir, 'no-console'),
        ...options.env,
        ...env,
      });
      started.push(p);
      return p;
    },
    async close() {
      await Promise.all(started.filter((p) => p.alive()).map((p) => p.kill('SIGKILL')));
      await db.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  // The environment of a person's shell, not jest's: no NODE_ENV=test, no test variables.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|JEST_|TEST_|DATABASE_URL|REDIS_)/.test(k)));
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: API_DIR,
    env: { ...base, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let running = true;
  const exited = new Promise<number | string>((res) =>
    child.once('exit', (code, signal) => {
      running = false;
      res(code ?? signal ?? 'unknown');
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const proc: ApiProcess = {
    url,
    port,
    pid: child.pid!,
    logs: () => output,
    alive: () => running,
    exited,
    async kill(signal = 'SIGKILL') {
      if (running) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) throw new Error(`the API exited before answering (${String(await exited)}):\n${output.slice(-4000)}`);
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return proc;
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`the API did not answer /health within 90 s:\n${output.slice(-4000)}`);
    }
    await sleep(200);
  }
}

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /** Starts it (again, on the same port). */
  start(): Promise<void>;
  /** Stops it (SIGKILL by default: an outage, not a shutdown) and waits until the port refuses. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A `redis-server` of the test's own on a free port, no persistence: stopping it is a Redis outage. */
export async function createPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'atende-redis-'));
  let child: ChildProcess | undefined;
  const pingable = () => redisAnswers(`redis://127.0.0.1:${port}`);
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Started already: a second server on the port would exit at once and take the running one's place here, which
      // stop() would then never end (an orphaned redis-server after the test).
      if (child && child.exitCode === null) return;
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await pingable())) {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
        await sleep(50);
      }
    },
    async stop(signal = 'SIGKILL') {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const ended = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await ended;
    },
  };
  await redis.start();
  return redis;
}

/** The super user's access token (the demo seed's login). */
export async function superToken(url: string): Promise<string> {
  const r = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'super@atende.local', password: 'Atende@2026' }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

/** A JSON call with a bearer token; answers the status and the parsed body. */
export async function call<T = unknown>(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : undefined) as T };
}
