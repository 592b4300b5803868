// What the benchmarks share: their command-line numbers, percentiles, and a scratch database migrated on the
// server of DATABASE_URL (or the embedded PostgreSQL), dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { ensureDatabase, startLocalPostgres } from '../src/database/embedded-postgres';
import { migrate } from '../src/database/migrate';

/** `--name N` from the command line, else `fallback`. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--name VALUE` from the command line as text. */
export function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export interface ScratchDatabase {
  /** The configuration read from the environment (REDIS_URL, DATA_DIR...). */
  base: AppConfig;
  name: string;
  databaseUrl: string;
  /** A temporary media folder. */
  mediaDir: string;
  /** A connection to the server's `postgres` database. */
  admin: Client;
  /** Drops the database (unless `keep`), removes the media folder, stops an embedded server. */
  dispose(keep?: boolean): Promise<void>;
}

export async function openScratchDatabase(): Promise<ScratchDatabase> {
  const base = loadConfig();
  let serverUrl: string;
  let stopPg = async () => undefined as void;
  if (base.databaseUrl) {
    const u = new URL(base.databaseUrl);
    u.pathname = '/postgres';
    serverUrl = u.toString();
  } else {
    const pg = await startLocalPostgres(base.dataDir);
    serverUrl = pg.serverUrl;
    stopPg = pg.stop;
  }
  const name = `atende_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await ensureDatabase(serverUrl, name);
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-bench-'));
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const dispose = async (keep = false) => {
    if (keep) console.log(`  kept the scratch database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(mediaDir, { recursive: true, force: true });
    await stopPg();
  };
  try {
    await migrate(databaseUrl);
  } catch (err) {
    await dispose();
    throw err;
  }
  return { base, name, databaseUrl, mediaDir, admin, dispose };
}
