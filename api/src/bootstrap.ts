import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { resolveRedisUrl } from './config/local-redis';
import { withLocalSecrets } from './config/local-secrets';
import { ensureDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { migrate } from './database/migrate';
import { DemoLogin, seedDemo } from './seeders/demo.seeder';

export const EMBEDDED_PG_PORT = 54329;

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
  let databaseUrl = config.databaseUrl;
  let stop: () => Promise<void> = () => Promise.resolve();
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres(join(config.dataDir, 'pg'), EMBEDDED_PG_PORT);
    stop = () => pg.stop();
    databaseUrl = await ensureDatabase(pg.serverUrl, 'atende');
  }
  const redisUrl = await resolveRedisUrl(config.redisUrl, config.dataDir);
  if (config.migrateOnStart) await migrate(databaseUrl);
  const logins = config.seedDemo ? ((await seedDemo(databaseUrl, config.mediaDir)) ?? undefined) : undefined;
  if (logins) log.log('Demo data created');
  return { config: { ...config, databaseUrl, redisUrl }, stop, logins };
}
