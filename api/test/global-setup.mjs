// Runs once before all test files: a PostgreSQL server (DATABASE_URL's, or the embedded one the
// app itself uses) and a migrated template database that each test file clones.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const apiDir = resolve(here, '..');
/** Per jest run (its main process id), so that runs side by side (two terminals, two checkouts' helpers) never read each other's. */
export const ENV_FILE = resolve(apiDir, 'node_modules', '.cache', 'atende-test', `env-${process.pid}.json`);

/**
 * The app's own embedded PostgreSQL (src/database/embedded-postgres.ts) on the port `npm start` uses for this
 * checkout's data folder (src/config/local-instance.ts), loaded from source through swc.
 */
function embeddedPostgres() {
  const require = createRequire(import.meta.url);
  require('@swc-node/register');
  return require('../src/database/embedded-postgres.ts');
}

export default async function globalSetup() {
  let serverUrl;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    serverUrl = url.toString();
  } else {
    const { startLocalPostgres, EmbeddedPostgresUnavailableError } = embeddedPostgres();
    const quiet = { log: () => undefined, warn: (m) => process.stderr.write(`${m}\n`) };
    try {
      const server = await startLocalPostgres(resolve(apiDir, '..', '.data'), { log: quiet });
      serverUrl = server.serverUrl;
      globalThis.__ATENDE_EMBEDDED_PG__ = server;
    } catch (e) {
      if (!(e instanceof EmbeddedPostgresUnavailableError)) throw e;
      // One line that says what to do, not a stack trace.
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
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
