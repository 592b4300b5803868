import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey, sha256Stream } from './media-files';

/**
 * A backup is a folder:
 *
 *   manifest.json   what is inside and how to check it (written last: a folder without it is not a finished backup)
 *   database.dump   pg_dump's custom format (-Fc) of the whole database
 *   media/<key>     every media file, a copied tree
 *   SHA256SUMS      one `<sha256>  <path>` line per file above but the manifest; `sha256sum -c SHA256SUMS` checks it
 *
 * The manifest's row counts and migration list are read in the very snapshot pg_dump dumps, so a restore can demand
 * exact equality even of a backup taken while the app was writing.
 */
export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
export const MEDIA_FOLDER = 'media';
export const SUMS_FILE = 'SHA256SUMS';
export const MANIFEST_FORMAT = 'atende-backup';
export const MANIFEST_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: number;
  /** When the database snapshot was taken (ISO 8601). */
  createdAt: string;
  finishedAt: string;
  app: { version: string };
  database: {
    file: typeof DUMP_FILE;
    bytes: number;
    sha256: string;
    server: { version: string; major: number };
    pgDump: { version: string; major: number };
    /** Applied migrations, oldest first (mikro_orm_migrations). */
    migrations: string[];
    /** Rows per table (`schema.table`), in the dump's snapshot. */
    tables: Record<string, number>;
  };
  media: {
    folder: typeof MEDIA_FOLDER;
    /** Where they were copied from: MEDIA_DIR's folder, or `s3://bucket/prefix`. */
    source: string;
    files: number;
    bytes: number;
  };
  checksums: { file: typeof SUMS_FILE; sha256: string };
}

/** The hex sha256 of a file, streamed. */
export const sha256File = (path: string): Promise<string> => sha256Stream(createReadStream(path));

export const sha256Text = (text: string): string => createHash('sha256').update(text).digest('hex');

/** SHA256SUMS's text: sha256sum's own format (two spaces), one line a file, in the order given. */
export function formatSums(sums: { path: string; sha256: string }[]): string {
  return sums.map((s) => `${s.sha256}  ${s.path}\n`).join('');
}

/** SHA256SUMS back into path -> sha256; refuses a line that is not sha256sum's format or a path outside the backup. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) throw new Error(`${SUMS_FILE}: unreadable line ${JSON.stringify(line.slice(0, 100))}`);
    assertSafeKey(m[2]);
    sums.set(m[2], m[1]);
  }
  return sums;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** Reads and checks a backup's manifest; the error says what is wrong with the folder. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `${dir} holds no ${MANIFEST_FILE}: not a backup, or a backup that did not finish`
        : `cannot read ${join(dir, MANIFEST_FILE)}: ${code ?? String(e)}`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`${join(dir, MANIFEST_FILE)} is not an Atende backup manifest`);
  if (manifest.formatVersion > MANIFEST_FORMAT_VERSION) {
    throw new Error(`the backup's format version is ${manifest.formatVersion}; this build reads up to ${MANIFEST_FORMAT_VERSION}: restore with a newer build`);
  }
  return manifest;
}

/** The API package's version (api/package.json, next to src/ and dist/). */
export function appVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}
