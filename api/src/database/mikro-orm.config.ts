import { defineConfig, Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { MIGRATIONS } from './migrations';

const logger = new Logger('MikroORM');
const knexLogger = new Logger('Knex');

/**
 * The ORM's options for a database. The entity list is the caller's: the application's (src/entities.ts, at the
 * composition root, which knows every domain) for the app, the seeder and the migration generator; none for
 * applying migrations, which need no entity.
 */
export function ormOptions(databaseUrl: string, entities: NonNullable<Options['entities']>, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    discovery: { warnWhenNoEntities: entities.length > 0 },
    extensions: [Migrator],
    forceUtcTimezone: true,
    // Queries never silently load relations: a service asks for what it maps.
    forceUndefined: false,
    allowGlobalContext: false,
    // The tenant filter guards each query's own rows. MikroORM also joins every many-to-one target that has a filter
    // (autoJoinRefsForFilters), to drop references the filter would hide; ours never cross companies, so those joins
    // only cost: a ticket's findOne went from 1.5 to 1.0 ms of CPU, a message's from 1.4 to 0.8 (bench:ingest).
    autoJoinRefsForFilters: false,
    pool: { min: 0, max: 10 },
    // Our statements are short index walks: JIT compiling them cost 40-60 ms each and saved nothing (bench:scale).
    driverOptions: {
      connection: { options: '-c jit=off' },
      // knex's own warnings (a pooled connection lost) through Nest's logger: JSON lines in production, not console text.
      log: {
        warn: (message: string) => knexLogger.warn(message),
        error: (message: string) => knexLogger.error(message),
        deprecate: (message: string) => knexLogger.warn(message),
        debug: (message: string) => knexLogger.debug(message),
      },
    },
    debug: false,
    logger: (message) => logger.debug(message),
    // Tables that SQL owns, not the entities: counters and rollups kept by triggers (their migrations say how).
    // The schema diff (contract.e2e-spec.ts) would otherwise drop them.
    schemaGenerator: { skipTables: ['tag_counts', 'ticket_counts', 'ticket_tracking_days', 'ticket_marks'] },
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      // Schema is changed only through committed migration classes; no snapshot files.
      snapshot: false,
      emit: 'ts',
      path: 'src/database/migrations',
    },
    ...overrides,
  });
}
