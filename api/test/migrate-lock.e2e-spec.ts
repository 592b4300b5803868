import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { migrate, MIGRATION_LOCK_KEY } from '../src/database/migrate';
import { MIGRATIONS } from '../src/database/migrations';
import { createTestDatabase } from './harness';

/**
 * Migrations under a lock (issue 33): API replicas started together each run `migrate()` on start (or a one-shot
 * migrate service runs beside them). Several runs at once on an empty database apply each migration exactly once,
 * and none fails: one holds the advisory lock and migrates, the others wait for it and find nothing pending.
 */
describe('migrate() from several processes at once', () => {
  let db: { url: string; drop: () => Promise<void> };
  let sql: Client;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    // An empty database: the clone of the migrated template without its schema (the extensions in it go too).
    await sql.query('drop schema public cascade; create schema public');
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('applies every migration once, with five runs started together', async () => {
    const runs = await Promise.allSettled(Array.from({ length: 5 }, () => migrate(db.url)));

    expect(runs.filter((r) => r.status === 'rejected')).toEqual([]);
    const applied = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    // One run applied them all, in order; the others found nothing pending.
    expect(applied).toEqual(MIGRATIONS.map((m) => m.name));
    expect(runs.filter((r) => r.status === 'fulfilled' && r.value.length > 0)).toHaveLength(1);
    const { rows } = await sql.query<{ name: string; n: string }>('select name, count(*) as n from mikro_orm_migrations group by name');
    expect(rows.filter((r) => r.n !== '1')).toEqual([]);
    expect(rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
    // Nobody holds the lock once they are done.
    const held = await sql.query(
      `select 1 from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = current_database())`,
      [MIGRATION_LOCK_KEY],
    );
    expect(held.rowCount).toBe(0);
    // And a later start finds nothing to do.
    expect(await migrate(db.url)).toEqual([]);
  });
});
