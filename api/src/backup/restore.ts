import { readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS } from '../database/migrations';
import { formatBytes } from './backup';
import {
  appliedMigrations,
  connect,
  databaseName,
  embeddedServerVersion,
  openAppDatabase,
  otherSessions,
  rowCounts,
  serverVersion,
  userTables,
} from './database';
import { downloadBackup, isBucketLocation, openBucket } from './locations';
import { BackupManifest, DUMP_FILE, MEDIA_FOLDER, parseSums, readManifest, sha256File, sha256Text, SUMS_FILE } from './manifest';
import { copyMedia, localMediaFiles, type MediaEntry, type MediaFiles, mediaFilesOf } from './media-files';
import { checkRestoreCanRead, findPgTool, libpqConnection, type PgToolInfo, runPgTool } from './pg-tools';

export interface RestoreOptions {
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'mediaDir' | 'mediaStorage'>;
  /** The backup's folder. */
  from: string;
  /** Restore over a database that holds rows, media that hold files, or with other clients connected. */
  force?: boolean;
  /** Where pg_restore is (PG_BIN); PATH by default. */
  pgBin?: string;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The database did not exist and was created. */
  createdDatabase: boolean;
  rows: number;
  mediaFiles: number;
  /** Media files that were there before and are not in the backup (left in place). */
  otherMediaFiles: number;
  durationMs: number;
}

/** The restore was refused or did not match its backup; the message says what was found. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * Restores a backup folder into the app's database and media, then checks them against its manifest. Everything the
 * backup holds is checked before anything is touched (the checksums of the manifest's list and of the dump, every
 * media file present); a database that holds rows, media that hold files or a database other clients are connected to
 * (the app still running) are refused unless `force`. pg_restore runs in one transaction: a failure leaves the
 * database as it was. The database is created when missing; a database with tables but no rows (freshly migrated) is
 * cleaned first without asking.
 */
export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { config } = options;
  if (isBucketLocation(options.from)) {
    const bucket = openBucket(options.from, config);
    let dir: string;
    try {
      log(`Downloading the backup from ${bucket.location}`);
      dir = await downloadBackup(bucket, join(config.dataDir, 'backups'));
    } finally {
      await bucket.close();
    }
    try {
      return { ...(await runRestore({ ...options, from: dir })), durationMs: Date.now() - started };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const from = resolve(options.from);

  const manifest = await readManifest(from);
  log(`Backup ${from}: taken ${manifest.createdAt} by version ${manifest.app.version}`);
  const backupMedia = await checkBackup(from, manifest);
  const pending = checkMigrations(manifest);
  const pgRestore = findPgTool('pg_restore', options.pgBin);
  checkRestoreCanRead(pgRestore, manifest.database.pgDump);
  if (!config.databaseUrl) checkServerTakes(embeddedServerVersion(), manifest);

  const target = mediaFilesOf(config);
  try {
    const database = await openAppDatabase(config, log);
    let restored: { createdDatabase: boolean; rows: number };
    try {
      restored = await restoreDatabase(database.url, from, manifest, target, pgRestore, options.force ?? false, log);
    } finally {
      await database.close();
    }
    const media = await restoreMedia(from, backupMedia, target, log);
    const durationMs = Date.now() - started;
    log(`Restore finished in ${(durationMs / 1000).toFixed(1)} s`);
    if (pending.length) log(`This build has ${pending.length} migrations the backup predates: the next start (or migrate) applies them`);
    return { manifest, ...restored, ...media, durationMs };
  } finally {
    await target.close();
  }
}

/** Refuses what `force` must allow, then pg_restore in one transaction, ANALYZE, and the counts checked. */
async function restoreDatabase(
  url: string,
  from: string,
  manifest: BackupManifest,
  target: MediaFiles,
  pgRestore: PgToolInfo,
  force: boolean,
  log: (line: string) => void,
): Promise<{ createdDatabase: boolean; rows: number }> {
  const { client, created } = await connect(url, true);
  try {
    const server = await serverVersion(client);
    checkServerTakes(server, manifest);
    const tables = await userTables(client);
    const withRows = Object.entries(await rowCounts(client)).filter(([, n]) => n > 0);
    const sessions = await otherSessions(client);
    const mediaBefore = await countFiles(target);
    const found = [
      withRows.length ? `the database ${databaseName(url)} holds ${withRows.reduce((a, [, n]) => a + n, 0)} rows in ${withRows.length} tables` : '',
      sessions.length ? `${sessions.length} other clients are connected to it (${describeSessions(sessions)}): stop the app first` : '',
      mediaBefore ? `the media (${target.location}) hold ${mediaBefore} files` : '',
    ].filter(Boolean);
    if (found.length && !force) throw new RestoreError(`Refusing to restore: ${found.join('; ')}. Run again with --force to replace them.`);
    for (const f of found) log(`  --force: ${f}`);

    log(`Restoring the database into ${databaseName(url)}${created ? ' (created)' : ''} on PostgreSQL ${server.version} with pg_restore ${pgRestore.version}`);
    const { dbname, env } = libpqConnection(url);
    // Tables there already (rows or a fresh migration's empty ones): pg_restore drops what the dump is about to create.
    const clean = tables.length ? ['--clean', '--if-exists'] : [];
    // No owners or grants: the restoring role owns what it creates (the backed-up server's roles may not exist here).
    await runPgTool(
      pgRestore,
      ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', ...clean, `--dbname=${dbname}`, join(from, DUMP_FILE)],
      env,
    );
    // pg_restore leaves the planner without statistics until autovacuum comes by; the first queries deserve them.
    await client.query('analyze');
    return { createdDatabase: created, rows: await verifyDatabase(client, manifest, log) };
  } finally {
    await client.end();
  }
}

/** Copies the backup's media into the store, each file checked against its checksum first. */
async function restoreMedia(
  from: string,
  media: { entries: MediaEntry[]; sums: Map<string, string> },
  target: MediaFiles,
  log: (line: string) => void,
): Promise<{ mediaFiles: number; otherMediaFiles: number }> {
  log(`Restoring the media into ${target.location}`);
  const { copied, mismatched } = await copyMedia(localMediaFiles(join(from, MEDIA_FOLDER)), target, media.entries, media.sums);
  if (mismatched.length) {
    throw new RestoreError(
      `${mismatched.length} media files of the backup do not match their checksums and were not restored: ${mismatched.slice(0, 10).join(', ')}${mismatched.length > 10 ? ', ...' : ''}`,
    );
  }
  const inBackup = new Set(media.entries.map((e) => e.key));
  let otherMediaFiles = 0;
  for await (const entry of target.list()) if (!inBackup.has(entry.key)) otherMediaFiles += 1;
  const bytes = copied.reduce((a, f) => a + f.size, 0);
  log(
    `  ${copied.length} files, ${formatBytes(bytes)}, checksums match${otherMediaFiles ? `; ${otherMediaFiles} files not in the backup were left in place` : ''}`,
  );
  return { mediaFiles: copied.length, otherMediaFiles };
}

/** Checks the backup whole before anything is changed: the list's checksum, the dump's, every media file there at its size. */
async function checkBackup(from: string, manifest: BackupManifest): Promise<{ entries: MediaEntry[]; sums: Map<string, string> }> {
  let sumsText: string;
  try {
    sumsText = await readFile(join(from, SUMS_FILE), 'utf8');
  } catch {
    throw new RestoreError(`${join(from, SUMS_FILE)} is missing: the backup is incomplete`);
  }
  if (sha256Text(sumsText) !== manifest.checksums.sha256) throw new RestoreError(`${SUMS_FILE} does not match the manifest: the backup was changed or damaged`);
  const sums = parseSums(sumsText);
  const dumpSum = await sha256File(join(from, DUMP_FILE)).catch(() => undefined);
  if (!dumpSum) throw new RestoreError(`${join(from, DUMP_FILE)} is missing: the backup is incomplete`);
  if (dumpSum !== manifest.database.sha256 || dumpSum !== sums.get(DUMP_FILE)) {
    throw new RestoreError(`${DUMP_FILE} does not match its checksum: the backup was changed or damaged`);
  }
  const prefix = `${MEDIA_FOLDER}/`;
  const entries: MediaEntry[] = [];
  const mediaSums = new Map<string, string>();
  const missing: string[] = [];
  for (const [path, sum] of sums) {
    if (!path.startsWith(prefix)) continue;
    const key = path.slice(prefix.length);
    mediaSums.set(key, sum);
    const s = await stat(join(from, path)).catch(() => undefined);
    if (s?.isFile()) entries.push({ key, size: s.size });
    else missing.push(key);
  }
  if (missing.length)
    throw new RestoreError(`${missing.length} media files listed in ${SUMS_FILE} are missing from the backup: ${missing.slice(0, 10).join(', ')}`);
  const bytes = entries.reduce((a, e) => a + e.size, 0);
  if (entries.length !== manifest.media.files || bytes !== manifest.media.bytes) {
    throw new RestoreError(
      `the backup's media are ${entries.length} files, ${bytes} bytes; its manifest says ${manifest.media.files} files, ${manifest.media.bytes} bytes`,
    );
  }
  return { entries, sums: mediaSums };
}

/**
 * A backup of a newer build holds a schema this build does not know (its migrations are not in MIGRATIONS): refused,
 * before anything is touched. Answers this build's migrations the backup predates, which the next start applies.
 */
function checkMigrations(manifest: BackupManifest): string[] {
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new RestoreError(
      `the backup was taken by a newer version of Atende (${manifest.app.version}): ${unknown.length} of its migrations are unknown to this build ` +
        `(${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', ...' : ''}). Restore with that version or a newer one`,
    );
  }
  const inBackup = new Set(manifest.database.migrations);
  return [...known].filter((name) => !inBackup.has(name));
}

/** A dump restores into its own server's major version or a newer one, never an older one. */
function checkServerTakes(server: { version: string; major: number }, manifest: BackupManifest): void {
  if (server.major >= manifest.database.server.major) return;
  throw new RestoreError(
    `the backup comes from PostgreSQL ${manifest.database.server.version} and this server is PostgreSQL ${server.version}: ` +
      `restore into PostgreSQL ${manifest.database.server.major} or newer`,
  );
}

/** Every table of the backup has its row count again, and the same migrations are applied; answers the rows restored. */
async function verifyDatabase(client: import('pg').Client, manifest: BackupManifest, log: (line: string) => void): Promise<number> {
  const counts = await rowCounts(client);
  const wrong = Object.entries(manifest.database.tables)
    .filter(([table, n]) => counts[table] !== n)
    .map(([table, n]) => `${table}: ${counts[table] ?? 'missing'} rows, the backup had ${n}`);
  const migrations = await appliedMigrations(client);
  if (migrations.join('\n') !== manifest.database.migrations.join('\n')) {
    wrong.push(`migrations: ${migrations.length} applied, the backup had ${manifest.database.migrations.length}`);
  }
  if (wrong.length) throw new RestoreError(`The restored database does not match the backup:\n  ${wrong.join('\n  ')}`);
  const others = Object.keys(counts).filter((t) => !(t in manifest.database.tables));
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  log(`  ${Object.keys(manifest.database.tables).length} tables, ${rows} rows, ${migrations.length} migrations: counts match the backup`);
  if (others.length) log(`  tables not in the backup were left in place: ${others.join(', ')}`);
  return rows;
}

async function countFiles(files: MediaFiles): Promise<number> {
  let n = 0;
  for await (const entry of files.list()) n += entry.size >= 0 ? 1 : 0;
  return n;
}

function describeSessions(sessions: { application: string; client: string }[]): string {
  const byWho = new Map<string, number>();
  for (const s of sessions) byWho.set(`${s.application} from ${s.client}`, (byWho.get(`${s.application} from ${s.client}`) ?? 0) + 1);
  return [...byWho].map(([who, n]) => (n > 1 ? `${n} x ${who}` : who)).join(', ');
}

/** `npm run restore -- --from <folder> [--force]`, or `node api/dist/backup/restore.js` in the image. */
if (require.main === module) {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help || !values.from) {
    process.stdout.write(`npm run restore -- --from <backup folder | s3://<bucket>/<prefix>> [--force]

Restores a backup made by npm run backup into the app's database (DATABASE_URL, or the embedded PostgreSQL) and media
(MEDIA_DIR, or the bucket of MEDIA_STORAGE=s3), then checks row counts and file checksums against the backup's manifest.
Stop the app first. From s3://... (MEDIA_STORAGE=s3 only): downloaded into a folder under DATA_DIR first.
--force: restore over a database that holds rows, media that hold files, or with other clients connected.
pg_restore from PG_BIN or PATH. docs/operations/backups.md has the procedure.\n`);
    process.exit(values.help ? 0 : 2);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadConfig } = require('../config/app-config') as typeof import('../config/app-config');
  runRestore({
    config: loadConfig(),
    // npm runs a workspace's script in its folder: a relative --from means the folder the operator typed it in.
    from: isBucketLocation(values.from) ? values.from : resolve(process.env.INIT_CWD ?? process.cwd(), values.from),
    force: values.force,
    // Where the PostgreSQL client tools are, like PATH: the tool's environment, not the app's configuration.
    pgBin: process.env.PG_BIN || undefined,
  }).then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`Restore failed: ${e.message}`);
      process.exit(1);
    },
  );
}
