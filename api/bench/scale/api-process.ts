// What bench:scale and bench:cpu share: the API in its own process as production runs it, a login, and the load
// generator's HTTP client.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { PASSWORD } from './generate';

/** The API process's environment: ROLE=api in production mode, fresh secrets, its own Redis key prefix. */
export function apiEnv(databaseUrl: string, redisUrl: string, mediaDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `atende-bench-${randomBytes(3).toString('hex')}`,
    MEDIA_DIR: mediaDir,
    CONSOLE_DIR: join(mediaDir, 'none'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL: String(24 * 3600),
    MIGRATE_ON_START: 'false',
    SEED_DEMO: 'false',
  };
}

/** The API in a child process (server.ts); resolves to its port once it listens. `execArgv`: extra node flags. */
export function startApi(env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(__dirname, 'server.ts'), [], {
    execArgv: ['-r', '@swc-node/register', ...execArgv],
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'], // its errors (stderr) show; its log lines do not
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`the API process exited (code ${code}) before listening`)));
    child.once('error', reject);
  });
}

/** An access token for a bench user (generate.ts's password). */
export async function login(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`login ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The load generator's client: node:http over kept-alive sockets. It shares the 2 cores with the API and
 * PostgreSQL, and fetch (undici) cost it about 1 ms of CPU per request, 15% of all the CPU a ticket list took.
 */
export function httpClient(sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const get = (url: string, token: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  return { get, close: () => agent.destroy() };
}
