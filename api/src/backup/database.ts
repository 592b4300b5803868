import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';
import { installedBinaries, startLocalPostgres } from '../database/embedded-postgres';
import { majorOfServerVersionNum } from './pg-tools';

/** The embedded server's database, as bootstrap.ts names it. */
const EMBEDDED_DATABASE = 'atende';

export interface BackupDatabase {
  url: string;
  /** The embedded PostgreSQL (no DATABASE_URL): started here if it was not running, and stopped by `close`. */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * The embedded server's PostgreSQL version, known before starting it: the installed binaries' package version
 * (`18.4.0-beta.17` is PostgreSQL 18.4).
 */
export function embeddedServerVersion(): { version: string; major: number } {
  const [major, minor] = installedBinaries().version.split('.');
  return { version: `${major}.${minor}`, major: Number(major) };
}

/**
 * The database the app uses: DATABASE_URL, or the embedded server of this data folder (`<dataDir>/pg`, on the port its
 * `instance.json` keeps), which is reused when the app is running and started (then stopped again) when it is not.
 */
export async function openAppDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, log: (line: string) => void): Promise<BackupDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: () => Promise.resolve() };
  const quiet = { log, warn: log };
  const server = await startLocalPostgres(config.dataDir, { log: quiet });
  const url = new URL(server.serverUrl);
  url.pathname = `/${EMBEDDED_DATABASE}`;
  return { url: url.toString(), embedded: true, close: () => server.stop() };
}

export const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

/** Connects; when the database does not exist and `create` is set, creates it first (through the server's `postgres` database). */
export async function connect(url: string, create = false): Promise<{ client: Client; created: boolean }> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return { client, created: false };
  } catch (e) {
    await client.end().catch(() => undefined);
    if (!create || (e as { code?: string }).code !== '3D000') throw e;
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(databaseName(url))}`);
  } finally {
    await admin.end();
  }
  const fresh = new Client({ connectionString: url });
  await fresh.connect();
  return { client: fresh, created: true };
}

export async function serverVersion(client: Client): Promise<{ version: string; major: number }> {
  const { rows } = await client.query<{ version: string; num: string }>(
    `select current_setting('server_version') as version, current_setting('server_version_num') as num`,
  );
  return { version: rows[0].version.split(' ')[0], major: majorOfServerVersionNum(Number(rows[0].num)) };
}

/** Every ordinary and partitioned table outside PostgreSQL's own schemas, as `schema.table`, sorted. */
export async function userTables(client: Client): Promise<{ name: string; schema: string; table: string }[]> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'
      order by 1, 2`,
  );
  return rows.map((r) => ({ ...r, name: `${r.schema}.${r.table}` }));
}

/** Rows per table (`schema.table`). */
export async function rowCounts(client: Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of await userTables(client)) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.table)}`);
    counts[t.name] = Number(rows[0].n);
  }
  return counts;
}

/** The applied migrations, oldest first; none when the migrations table does not exist. */
export async function appliedMigrations(client: Client): Promise<string[]> {
  const { rows: exists } = await client.query(`select 1 from pg_tables where schemaname = 'public' and tablename = 'mikro_orm_migrations'`);
  if (!exists.length) return [];
  const { rows } = await client.query<{ name: string }>(`select name from public.mikro_orm_migrations order by executed_at, id`);
  return rows.map((r) => r.name);
}

/** Other sessions on this database (an app still running), for the restore's refusal. */
export async function otherSessions(client: Client): Promise<{ application: string; client: string }[]> {
  const { rows } = await client.query<{ application: string; client: string | null }>(
    `select application_name as application, client_addr::text as client
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map((r) => ({ application: r.application || '(unnamed)', client: r.client ?? 'local socket' }));
}
