import { createHash } from 'node:crypto';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createMediaStore } from '../common/infra/media-store/create-media-store';
import { LocalMediaStore } from '../common/infra/media-store/local-media-store';
import { isMediaKey } from '../common/infra/media-store/media-store';
import type { AppConfig } from '../config/app-config';

/** One stored file: its key (a '/'-separated path under the media root, `company2/messages/2026-11/ab12.png`) and size. */
export interface MediaEntry {
  key: string;
  size: number;
}

/**
 * The media as a backup sees them: keys with bytes behind them, listed, read and written. The part of the app's
 * MediaStore (common/infra/media-store: MEDIA_DIR or an S3-compatible bucket) a backup needs, so media kept in a
 * bucket are backed up from the bucket and restored into it.
 */
export interface MediaFiles {
  /** Where the files are, for the operator: a folder, or `s3://bucket/prefix`. */
  readonly location: string;
  /** Every file, in no particular order. */
  list(): AsyncIterable<MediaEntry>;
  read(key: string): Promise<{ body: Readable } | null>;
  /** Writes a file whole: a reader never sees half of it under its key. */
  write(key: string, body: Readable, size?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A key a backup carries: a media key (the store's rule: relative, '/'-separated, no empty or dot part, so nothing
 * outside MEDIA_DIR and no upload in flight) without a line break (SHA256SUMS holds one key a line).
 */
export const isBackupKey = (key: string): boolean => isMediaKey(key) && !/[\n\r]/.test(key);

export function assertSafeKey(key: string): void {
  if (!isBackupKey(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
}

/** A folder of media files, with the media store's own layout and rules: the backup's copy. */
export const localMediaFiles = (root: string): MediaFiles => new LocalMediaStore(root);

/** The media of this deployment, wherever MEDIA_STORAGE keeps them: MEDIA_DIR, or the bucket. */
export const mediaFilesOf = (config: Pick<AppConfig, 'mediaDir' | 'mediaStorage'>): MediaFiles => createMediaStore(config);

/** The sha256 of a stream's bytes, read to its end. */
export async function sha256Stream(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    body,
    new Writable({
      write(chunk: Buffer, _enc, next) {
        hash.update(chunk);
        next();
      },
    }),
  );
  return hash.digest('hex');
}

/** A stream that passes bytes through and hashes them on the way; `digest()` once it has ended. */
function hashing(): PassThrough & { digest(): string } {
  const hash = createHash('sha256');
  let digest: string | undefined;
  const through = new PassThrough({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      next(null, chunk);
    },
  });
  return Object.assign(through, { digest: () => (digest ??= hash.digest('hex')) });
}

export interface CopiedMedia extends MediaEntry {
  sha256: string;
}

/**
 * Copies files from one store to another, a few at a time, hashing the bytes on the way. Given `expected` (key ->
 * sha256, a backup's checksums), each source file is hashed first and one whose bytes differ is not written: its key
 * comes back in `mismatched`, and whatever the target held under it stays.
 */
export async function copyMedia(
  from: MediaFiles,
  to: MediaFiles,
  entries: MediaEntry[],
  expected?: Map<string, string>,
  concurrency = 4,
): Promise<{ copied: CopiedMedia[]; mismatched: string[] }> {
  const copied: CopiedMedia[] = [];
  const mismatched: string[] = [];
  const open = async (key: string) => {
    const file = await from.read(key);
    if (!file) throw new Error(`${key} is listed in ${from.location} but cannot be read there`);
    return file.body;
  };
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const want = expected?.get(entry.key);
      if (want && (await sha256Stream(await open(entry.key))) !== want) {
        mismatched.push(entry.key);
        continue;
      }
      const hash = hashing();
      const source = await open(entry.key);
      // pipe() does not pass a read error on: the target's write would wait for bytes that never come.
      source.on('error', (e) => hash.destroy(e));
      await to.write(entry.key, source.pipe(hash), entry.size);
      copied.push({ ...entry, sha256: hash.digest() });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, entries.length)) }, lane));
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return { copied: copied.sort(byKey), mismatched: mismatched.sort() };
}
