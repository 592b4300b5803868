/**
 * Two installs on one machine (two checkouts, a demo beside a development copy) stay apart: each data folder's
 * embedded PostgreSQL runs its own cluster on its own port, and its Redis keys have their own prefix, so one
 * install's workers never take the other's jobs (config/local-instance.ts). Started as `npm start` starts them
 * (prepareInfrastructure), without DATABASE_URL or REDIS_PREFIX.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { prepareInfrastructure, type Infrastructure } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { LOCAL_INSTANCE_FILE, localInstance } from '../src/config/local-instance';
import { freePort } from './faults/processes';
import { REDIS_URL } from './harness';

const started: Infrastructure[] = [];
const folders: string[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atende-install-'));
  // Open to the `postgres` user a root run starts the cluster as, so the cluster stays in the folder (and goes with it).
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<Infrastructure> {
  const infra = await prepareInfrastructure(
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, REDIS_URL, MIGRATE_ON_START: 'false', SEED_DEMO: 'false', SANDBOX_JOURNAL: 'false' }),
  );
  started.push(infra);
  return infra;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const portOf = (url: string) => Number(new URL(url).port);

beforeAll(() => Logger.overrideLogger(['error']));
afterAll(async () => {
  for (const infra of started.reverse()) await infra.stop().catch(() => undefined);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('two local installs on one machine', () => {
  it('a second data folder wanting the same port gets its own cluster on another port, remembered, and its own Redis prefix', async () => {
    const port = await freePort();
    const [first, second] = [folder(), folder()];
    // Both folders ask for the same port, as two fresh checkouts both ask for 54329.
    for (const dir of [first, second]) writeFileSync(join(dir, LOCAL_INSTANCE_FILE), JSON.stringify({ ...localInstance(dir), pgPort: port }));

    const a = await start(first);
    expect(portOf(a.config.databaseUrl!)).toBe(port);
    await query(a.config.databaseUrl!, `create table mine (who text); insert into mine values ('first')`);

    const b = await start(second);
    const moved = portOf(b.config.databaseUrl!);
    expect(moved).not.toBe(port);
    // Its own cluster: the first install's table is not there.
    expect(await query<{ t: string | null }>(b.config.databaseUrl!, `select to_regclass('mine')::text as t`)).toEqual([{ t: null }]);
    // The moved port is remembered for the next start.
    expect(JSON.parse(readFileSync(join(second, LOCAL_INSTANCE_FILE), 'utf8')).pgPort).toBe(moved);

    // Redis keys apart: a prefix per folder, never the shared `atende`, the same on every start of that folder.
    expect(a.config.redisPrefix).toMatch(/^atende-[0-9a-f]{6}$/);
    expect(b.config.redisPrefix).toMatch(/^atende-[0-9a-f]{6}$/);
    expect(b.config.redisPrefix).not.toBe(a.config.redisPrefix);

    await b.stop();
    const again = await start(second);
    expect(portOf(again.config.databaseUrl!)).toBe(moved);
    expect(again.config.redisPrefix).toBe(b.config.redisPrefix);
    // The first install's server is still its own, untouched.
    expect(await query<{ who: string }>(a.config.databaseUrl!, 'select who from mine')).toEqual([{ who: 'first' }]);
  }, 120_000);

  it('a port held by another program is left to it; a folder whose own server is still running (a crashed start) reuses it', async () => {
    const dir = folder();
    const taken: Server = createServer(() => undefined);
    const port = await new Promise<number>((done) => taken.listen(0, '127.0.0.1', () => done((taken.address() as { port: number }).port)));
    try {
      writeFileSync(join(dir, LOCAL_INSTANCE_FILE), JSON.stringify({ ...localInstance(dir), pgPort: port }));
      const first = await start(dir);
      const own = portOf(first.config.databaseUrl!);
      expect(own).not.toBe(port);
      // A second start while the first's server runs (the first process died without stopping it) reuses it.
      const second = await start(dir);
      expect(portOf(second.config.databaseUrl!)).toBe(own);
    } finally {
      taken.close();
    }
  }, 120_000);

  it('production never reads or writes the folder: REDIS_PREFIX is its own, `atende` by default', async () => {
    const dir = folder();
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://x@127.0.0.1:1/x',
      JWT_SECRET: 'a'.repeat(40),
      JWT_REFRESH_SECRET: 'b'.repeat(40),
      SECRETS_KEY: 'c'.repeat(64),
    });
    expect(config.redisPrefix).toBe('atende');
    expect(config.redisPrefixLocal).toBe(false);
    // And a prefix given outside production is kept as given.
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, REDIS_PREFIX: 'mine' }).redisPrefixLocal).toBe(false);
  });
});
