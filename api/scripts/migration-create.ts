/**
 * Writes a migration for the difference between the entities and the committed migrations:
 * applies the existing ones to a scratch database, diffs, writes the file and registers it in
 * src/database/migrations/index.ts. Needs a PostgreSQL server: DATABASE_URL's, or the local default.
 *   npm run migration:create -w api -- <name>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app-config';
import { ormOptions } from '../src/database/mikro-orm.config';
import { ENTITIES } from '../src/entities';

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) throw new Error('usage: migration:create <kebab-name>');
  const server = new URL(loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  const scratch = `atende_migrate_${Date.now()}`;
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(server.toString());
  url.pathname = `/${scratch}`;
  try {
    const orm = await MikroORM.init(ormOptions(url.toString(), ENTITIES, { baseDir: join(__dirname, '..') }));
    await orm.migrator.up();
    // Class names cannot hold hyphens.
    const result = await orm.migrator.createMigration(undefined, false, false, name.replace(/-/g, '_'));
    await orm.close();
    if (!result.fileName) {
      console.log('No schema changes: nothing written.');
      return;
    }
    const file = basename(result.fileName, '.ts');
    const className = /export class ([\w]+)/.exec(result.code)![1];
    const indexPath = join(__dirname, '..', 'src', 'database', 'migrations', 'index.ts');
    let index = readFileSync(indexPath, 'utf8');
    index = `import { ${className} } from './${file}';\n` + index;
    index = index.replace(
      /(MIGRATIONS: MigrationObject\[\] = \[)([\s\S]*?)(\];)/,
      (_m, a, list, b) => `${a}${list.trimEnd() ? list.trimEnd() + '\n' : '\n'}  { name: '${file}', class: ${className} },\n${b}`,
    );
    writeFileSync(indexPath, index);
    console.log(`Wrote ${result.fileName} and registered it.`);
  } finally {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
