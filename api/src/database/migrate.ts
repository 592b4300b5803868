import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { ormOptions } from './mikro-orm.config';

/**
 * The advisory lock every migration run of a database takes ('atnd' in ASCII). Advisory locks are scoped to their
 * database, so deployments sharing a server never wait for each other.
 */
export const MIGRATION_LOCK_KEY = 0x61746e64;

/**
 * Applies every pending committed migration; returns their names (none when another process applied them first).
 *
 * Any number of processes may call it at once (API replicas with MIGRATE_ON_START, a one-shot `migrate` service,
 * a rolling restart): each takes a session-level `pg_advisory_lock` first, so one runs the migrations while the
 * others wait, then find nothing pending. The lock is held on a connection of its own, open for the whole run:
 * MikroORM's migrator runs its statements on pooled connections, which come and go, so a lock taken on one of them
 * could be dropped by the pool mid-run. A process that dies while holding it loses its session, and with it the lock.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const log = new Logger('Migrations');
  const orm = await MikroORM.init(ormOptions(databaseUrl, []));
  try {
    const lock = await lockConnection(databaseUrl, orm);
    try {
      const free = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY]);
      if (!free.rows[0].ok) {
        log.log('Another process is migrating this database: waiting for it');
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      }
      const applied = await orm.migrator.up();
      if (applied.length) log.log(`Applied ${applied.map((m) => m.name).join(', ')}`);
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      return applied.map((m) => m.name);
    } finally {
      // Ending the session releases the lock too, when the unlock above was never reached.
      await lock.end().catch(() => undefined);
    }
  } finally {
    await orm.close();
  }
}

/**
 * The lock's own connection. The migrator creates a missing database (development scratch databases rely on it);
 * the lock's connection needs it first, so a missing one is created here, as the migrator would.
 */
async function lockConnection(databaseUrl: string, orm: MikroORM): Promise<Client> {
  const connect = async () => {
    const client = new Client({ connectionString: databaseUrl, application_name: 'atende migrations lock', keepAlive: true });
    // A connection lost while waiting or migrating fails the query that uses it; without a listener it would end the process.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  try {
    return await connect();
  } catch (e) {
    if ((e as { code?: string }).code !== '3D000') throw e; // invalid_catalog_name: no such database
    await orm.schema.ensureDatabase();
    return connect();
  }
}

/** `node dist/database/migrate.js`: the production step before starting API processes. */
if (require.main === module) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadConfig } = require('../config/app-config') as typeof import('../config/app-config');
  const url = loadConfig().databaseUrl;
  if (!url) {
    console.error('DATABASE_URL is required to run migrations');
    process.exit(1);
  }
  migrate(url).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
