import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './app-config';
import { createFileOnce, replaceFile } from './data-files';

export const LOCAL_INSTANCE_FILE = 'instance.json';

/** The embedded PostgreSQL's port a new data folder asks for first. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

/**
 * What keeps one local install (one data folder) apart from another on the same machine: two checkouts, a demo
 * beside a development copy. Outside production, a start without DATABASE_URL, or without REDIS_PREFIX, uses
 * - `pgPort`: the port of its embedded PostgreSQL. A server answering there that runs another folder's cluster is
 *   never reused: this install moves to a free port and remembers it (database/embedded-postgres.ts).
 * - `redisPrefix`: every Redis key of this install (Bull queues, rate limits, socket fan-out, leases). Two installs
 *   on the machine's one Redis would otherwise share `atende:*`, and each one's workers would take the other's jobs.
 *   Made at random for a new folder (`atende-<6 hex digits>`), so it survives moving the folder. (A redis-server
 *   this install started from PATH, config/local-redis.ts, may serve another install too: the prefixes keep them apart.)
 * Kept in `<dataDir>/instance.json`, made on the first start (written to a temporary file and linked into place, so
 * two processes of one install starting at once agree on one file), and read on every start. Production names its
 * database, Redis and prefix itself and never reads this file.
 */
export interface LocalInstance {
  pgPort: number;
  redisPrefix: string;
}

function valid(value: unknown): value is LocalInstance {
  const v = value as Partial<LocalInstance> | null;
  const port = (p: unknown) => Number.isInteger(p) && (p as number) > 0 && (p as number) < 65536;
  return !!v && typeof v === 'object' && port(v.pgPort) && typeof v.redisPrefix === 'string' && /^[\w.-]{1,64}$/.test(v.redisPrefix);
}

/** This data folder's instance, made on the first call. */
export function localInstance(dataDir: string): LocalInstance {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCAL_INSTANCE_FILE);
  if (!existsSync(path)) {
    const fresh: LocalInstance = {
      pgPort: DEFAULT_EMBEDDED_PG_PORT,
      redisPrefix: `atende-${randomBytes(3).toString('hex')}`,
    };
    createFileOnce(path, `${JSON.stringify(fresh, null, 2)}\n`, 0o644);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${path} cannot be read as JSON (${(e as Error).message}): fix or delete it (a new one names a new Redis prefix)`);
  }
  if (!valid(parsed)) throw new ConfigError(`${path} must hold { "pgPort", "redisPrefix" }: fix or delete it`);
  return parsed;
}

/** Remembers a change (a port that had to move) for the next start. */
export function updateLocalInstance(dataDir: string, change: Partial<LocalInstance>): LocalInstance {
  const path = join(dataDir, LOCAL_INSTANCE_FILE);
  const next = { ...localInstance(dataDir), ...change };
  replaceFile(path, `${JSON.stringify(next, null, 2)}\n`, 0o644);
  return next;
}
