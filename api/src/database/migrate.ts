import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { ormOptions } from './mikro-orm.config';

/** Applies every pending committed migration; returns their names. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormOptions(databaseUrl, []));
  try {
    const applied = await orm.migrator.up();
    if (applied.length) new Logger('Migrations').log(`Applied ${applied.map((m) => m.name).join(', ')}`);
    return applied.map((m) => m.name);
  } finally {
    await orm.close();
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
