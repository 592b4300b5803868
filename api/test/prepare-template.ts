/**
 * Builds (once per migration set) a migrated template database that every test file clones.
 * Prints the template's name. Concurrent runs serialise on an advisory lock.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { migrate } from '../src/database/migrate';

// stdout carries only the template's name.
Logger.overrideLogger(false);

async function main() {
  const serverUrl = process.env.TEST_PG_SERVER_URL!;
  const dir = join(__dirname, '..', 'src', 'database', 'migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const name = `atende_tpl_${hash.digest('hex').slice(0, 16)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(424242)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      await migrate(url.toString());
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    await admin.query('select pg_advisory_unlock(424242)');
  } finally {
    await admin.end();
  }
  process.stdout.write(`\n${name}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
