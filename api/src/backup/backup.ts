import { chmod, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/app-config';
import { appliedMigrations, connect, embeddedServerVersion, openAppDatabase, rowCounts, serverVersion } from './database';
import {
  appVersion,
  BackupManifest,
  DUMP_FILE,
  formatSums,
  MANIFEST_FORMAT,
  MANIFEST_FORMAT_VERSION,
  MEDIA_FOLDER,
  readManifest,
  sha256File,
  sha256Text,
  SUMS_FILE,
  writeManifest,
} from './manifest';
import { type CopiedMedia, copyMedia, isBackupKey, localMediaFiles, type MediaEntry, mediaFilesOf } from './media-files';
import { checkDumpCanRead, findPgTool, libpqConnection, runPgTool } from './pg-tools';
import { assertEmptyBucket, isBucketLocation, openBucket, uploadBackup } from './locations';

export interface BackupOptions {
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'mediaDir' | 'mediaStorage'>;
  /** The backup's folder (must not exist, or be empty); `<dataDir>/backups/<time>` by default. */
  to?: string;
  /** After a backup into the default place, keep only this many of the backups there (the newest). */
  keep?: number;
  /** Where pg_dump is (PG_BIN); PATH by default. */
  pgBin?: string;
  log?: (line: string) => void;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** Bytes of the whole folder. */
  bytes: number;
  durationMs: number;
  /** Older backups removed by `keep`. */
  removed: string[];
}

/** `2026-11-21T10-30-05Z`: sortable, and a valid file name everywhere (no colons). */
export const backupStamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * Backs up the database (pg_dump, custom format) and the media into a new folder, then writes its checksums and, last,
 * its manifest. The database is read in one snapshot: pg_dump dumps the snapshot this function exported, in which it
 * also counted the rows and read the migrations, so the app may keep running. Media are copied after the dump: a file
 * the dumped rows name exists unless it was deleted meanwhile; files added meanwhile come along unreferenced.
 */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { config } = options;
  const createdAt = new Date();
  const backupsDir = join(config.dataDir, 'backups');
  const bucket = options.to && isBucketLocation(options.to) ? openBucket(options.to, config) : undefined;
  try {
    if (bucket) await assertEmptyBucket(bucket);
    // To a bucket: made in a folder beside the local backups (a dot name: not one of them), uploaded, removed.
    const dir = bucket ? join(backupsDir, `.upload-${backupStamp(createdAt)}`) : resolve(options.to ?? join(backupsDir, backupStamp(createdAt)));
    await claimFolder(dir);
    let written: { manifest: BackupManifest; bytes: number };
    try {
      written = await writeBackup(dir, createdAt, options, log);
      if (bucket) {
        log(`Uploading to ${bucket.location}`);
        log(`  ${await uploadBackup(dir, bucket)} objects`);
      }
    } catch (e) {
      // A half-written backup must not lie around looking like one; the folder was empty or new.
      await rm(dir, { recursive: true, force: true });
      throw e;
    }
    if (bucket) await rm(dir, { recursive: true, force: true });
    const removed = options.keep && !options.to ? await pruneBackups(backupsDir, options.keep, dir) : [];
    for (const old of removed) log(`Removed the older backup ${old}`);
    const durationMs = Date.now() - started;
    const where = bucket ? bucket.location : dir;
    log(`Backup written to ${where} (${formatBytes(written.bytes)}, ${(durationMs / 1000).toFixed(1)} s)`);
    return { dir: where, ...written, durationMs, removed };
  } finally {
    await bucket?.close();
  }
}

/** The backup itself, into an empty folder: the dump, the media, SHA256SUMS, the manifest last. */
async function writeBackup(
  dir: string,
  createdAt: Date,
  options: BackupOptions,
  log: (line: string) => void,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const { config } = options;
  const pgDump = findPgTool('pg_dump', options.pgBin);
  // The embedded server's version is known before starting it: a pg_dump too old for it fails here, not after.
  if (!config.databaseUrl) checkDumpCanRead(pgDump, embeddedServerVersion());
  const database = await openAppDatabase(config, log);
  let dumpInfo: BackupManifest['database'];
  try {
    const { client } = await connect(database.url);
    try {
      const server = await serverVersion(client);
      checkDumpCanRead(pgDump, server);
      log(`Dumping the database (PostgreSQL ${server.version}${database.embedded ? ', embedded' : ''}) with pg_dump ${pgDump.version}`);
      await client.query('begin transaction isolation level repeatable read read only');
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const tables = await rowCounts(client);
      const migrations = await appliedMigrations(client);
      const { dbname, env } = libpqConnection(database.url);
      const dumpPath = join(dir, DUMP_FILE);
      await runPgTool(pgDump, ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${dumpPath}`, `--dbname=${dbname}`], env);
      await client.query('commit');
      await chmod(dumpPath, 0o600);
      const dumped = await stat(dumpPath);
      dumpInfo = {
        file: DUMP_FILE,
        bytes: dumped.size,
        sha256: await sha256File(dumpPath),
        server,
        pgDump: { version: pgDump.version, major: pgDump.major },
        migrations,
        tables,
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
  const rows = Object.values(dumpInfo.tables).reduce((a, b) => a + b, 0);
  log(`  ${Object.keys(dumpInfo.tables).length} tables, ${rows} rows, ${dumpInfo.migrations.length} migrations: ${DUMP_FILE} ${formatBytes(dumpInfo.bytes)}`);

  const media = mediaFilesOf(config);
  log(`Copying the media from ${media.location}`);
  const entries: MediaEntry[] = [];
  const strangers: string[] = [];
  let copied: CopiedMedia[];
  try {
    // A bucket's prefix may hold objects the app never wrote there (`.keep`, a key with a line break): left out, said.
    for await (const entry of media.list()) {
      if (isBackupKey(entry.key)) entries.push(entry);
      else strangers.push(entry.key);
    }
    if (strangers.length)
      log(
        `  ${strangers.length} objects that are not media files were left out: ${strangers
          .slice(0, 3)
          .map((k) => JSON.stringify(k))
          .join(', ')}`,
      );
    ({ copied } = await copyMedia(media, localMediaFiles(join(dir, MEDIA_FOLDER)), entries));
  } finally {
    await media.close();
  }
  const mediaBytes = copied.reduce((a, f) => a + f.size, 0);
  log(`  ${copied.length} files, ${formatBytes(mediaBytes)}`);

  const sums = formatSums([{ path: DUMP_FILE, sha256: dumpInfo.sha256 }, ...copied.map((f) => ({ path: `${MEDIA_FOLDER}/${f.key}`, sha256: f.sha256 }))]);
  await writeFile(join(dir, SUMS_FILE), sums, { mode: 0o600 });
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    formatVersion: MANIFEST_FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    finishedAt: new Date().toISOString(),
    app: { version: appVersion() },
    database: dumpInfo,
    media: { folder: MEDIA_FOLDER, source: media.location, files: copied.length, bytes: mediaBytes },
    checksums: { file: SUMS_FILE, sha256: sha256Text(sums) },
  };
  await writeManifest(dir, manifest);
  return { manifest, bytes: dumpInfo.bytes + mediaBytes + Buffer.byteLength(sums) };
}

/** Creates the backup's folder (0700: it holds every customer's conversations); refuses one that holds anything. */
async function claimFolder(dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if ((await readdir(dir)).length) throw new Error(`${dir} already holds files: back up into a new or empty folder`);
  }
}

/**
 * Keeps the newest `keep` finished backups in `backupsDir` (folders with a readable manifest; anything else there is
 * left alone), removing the older ones. The one just written always stays.
 */
export async function pruneBackups(backupsDir: string, keep: number, current: string): Promise<string[]> {
  const finished: { dir: string; createdAt: string }[] = [];
  for (const name of await readdir(backupsDir)) {
    // Dot names are a run's own work folders (an upload, a download), never a backup to keep or remove.
    if (name.startsWith('.')) continue;
    const dir = join(backupsDir, name);
    try {
      finished.push({ dir, createdAt: (await readManifest(dir)).createdAt });
    } catch {
      // Not a finished backup of ours: not ours to remove.
    }
  }
  finished.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const old = finished.slice(Math.max(1, keep)).filter((b) => resolve(b.dir) !== resolve(current));
  for (const b of old) await rm(b.dir, { recursive: true, force: true });
  return old.map((b) => basename(b.dir));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `npm run backup -- [--to <folder>] [--keep <n>]`, or `node api/dist/backup/backup.js` in the image. */
if (require.main === module) {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`npm run backup -- [--to <folder> | --to s3://<bucket>/<prefix>] [--keep <n>]

Backs up the database (pg_dump, custom format) and the media (MEDIA_DIR, or the bucket of MEDIA_STORAGE=s3) into a new
folder: --to, or <DATA_DIR>/backups/<time>. To s3://<bucket>/<prefix> (MEDIA_STORAGE=s3 only: its S3 connection is
used): made in a folder, then uploaded under that new prefix.
--keep n: after a backup into <DATA_DIR>/backups, remove all but the newest n there.
Uses the app's environment (DATABASE_URL, or the embedded PostgreSQL; MEDIA_DIR, DATA_DIR); pg_dump from PG_BIN or PATH,
of the server's major version or newer. docs/operations/backups.md has the procedure.\n`);
    process.exit(0);
  }
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) {
    console.error(`--keep must be a whole number of backups, 1 or more (got "${values.keep}")`);
    process.exit(2);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadConfig } = require('../config/app-config') as typeof import('../config/app-config');
  runBackup({
    config: loadConfig(),
    // npm runs a workspace's script in its folder: a relative --to means the folder the operator typed it in.
    to: values.to === undefined || isBucketLocation(values.to) ? values.to : resolve(process.env.INIT_CWD ?? process.cwd(), values.to),
    keep,
    // Where the PostgreSQL client tools are, like PATH: the tool's environment, not the app's configuration.
    pgBin: process.env.PG_BIN || undefined,
  }).then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`Backup failed: ${e.message}`);
      process.exit(1);
    },
  );
}
