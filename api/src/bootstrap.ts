import { Logger } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { resolveRedisUrl } from './config/local-redis';
import { localInstance } from './config/local-instance';
import { withLocalSecrets } from './config/local-secrets';
import { ensureDatabase, startLocalPostgres } from './database/embedded-postgres';
import { migrate } from './database/migrate';
import { DemoLogin, seedDemoMedia } from './seeders/demo.seeder';

/** @deprecated the port a data folder's embedded PostgreSQL asks for first; its own is `localInstance(dataDir).pgPort`. */
export { DEFAULT_EMBEDDED_PG_PORT as EMBEDDED_PG_PORT } from './config/local-instance';

/**
 * Everything a process needs before Nest starts: outside production, the secrets kept with the data when the
 * environment gives none (`<dataDir>/secrets.json`), a database (DATABASE_URL or the embedded one), a Redis
 * (REDIS_URL, the local default, or one started from PATH), migrations and the demo seed.
 */
export interface Infrastructure {
  config: AppConfig;
  /** Stops what this process started (the embedded PostgreSQL). */
  stop(): Promise<void>;
  /** The demo logins, when this start seeded the demo (printed once the API listens). */
  logins?: DemoLogin[];
}

export async function prepareInfrastructure(loaded: AppConfig): Promise<Infrastructure> {
  const log = new Logger('Bootstrap');
  const config = withLocalSecrets(loaded);
  // A local install's own embedded PostgreSQL port and Redis prefix, so a second checkout on the machine never uses
  // the first one's database or takes its jobs (config/local-instance.ts). Production names both itself.
  const redisPrefix = config.redisPrefixLocal ? localInstance(config.dataDir).redisPrefix : config.redisPrefix;
  let databaseUrl = config.databaseUrl;
  let stop: () => Promise<void> = () => Promise.resolve();
  if (!databaseUrl) {
    const pg = await startLocalPostgres(config.dataDir);
    stop = () => pg.stop();
    databaseUrl = await ensureDatabase(pg.serverUrl, 'atende');
  }
  const redisUrl = await resolveRedisUrl(config.redisUrl, config.dataDir);
  if (config.migrateOnStart) await migrate(databaseUrl);
  const logins = config.seedDemo ? ((await seedDemoMedia(databaseUrl, config)) ?? undefined) : undefined;
  if (logins) log.log('Demo data created');
  return { config: { ...config, databaseUrl, redisUrl, redisPrefix }, stop, logins };
}
