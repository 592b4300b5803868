import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config/app-config';

/** One stored file: its key (a '/'-separated path under the media root, `company2/messages/2026-11/ab12.png`) and size. */
export interface MediaEntry {
  key: string;
  size: number;
}

/**
 * The media as a backup sees them: keys with bytes behind them, listed, read and written. The shape is the part of
 * the app's media store (common/infra/media-store: MEDIA_DIR or an S3-compatible bucket) that a backup needs, so that
 * store is one, and media kept in a bucket are backed up from the bucket (see `mediaFilesOf`).
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
 * A key from a backup must name a file inside the media root: relative, '/'-separated, no empty part and no part
 * starting with a dot (no `..`; MEDIA_DIR/.tmp holds uploads in flight, not media), no backslash or line break (a
 * tampered backup must not write outside MEDIA_DIR, and SHA256SUMS holds one key a line). The media store's rule.
 */
export function assertSafeKey(key: string): void {
  const bad = !key || key.length > 1024 || /[\\\n\r\0]/.test(key) || key.split('/').some((part) => part === '' || part.startsWith('.'));
  if (bad) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
}

/**
 * A folder of media files: the backup's own copy, and MEDIA_DIR until the media store is here. Regular files only;
 * dot entries (uploads in flight) and `.partial` files (writes in flight) are skipped, as the media store skips them.
 */
export function localMediaFiles(root: string): MediaFiles {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(base, ...key.split('/'));
  };
  async function* walk(dir: string, prefix: string): AsyncGenerator<MediaEntry> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name.endsWith('.partial')) continue;
      const key = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) yield* walk(join(dir, e.name), key);
      else if (e.isFile()) yield { key, size: (await stat(join(dir, e.name))).size };
    }
  }
  return {
    location: base,
    list: () => walk(base, ''),
    async read(key) {
      const path = pathOf(key);
      const s = await stat(path).catch(() => undefined);
      return s?.isFile() ? { body: createReadStream(path) } : null;
    },
    async write(key, body) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      const partial = `${full}.${randomBytes(4).toString('hex')}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o640 }));
        await rename(partial, full);
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The media of this deployment, as configured: today the folder MEDIA_DIR. The one place to change when the media
 * store lands: `return createMediaStore(config)` (a folder or a bucket, whichever MEDIA_STORAGE names).
 */
export function mediaFilesOf(config: Pick<AppConfig, 'mediaDir'>): MediaFiles {
  return localMediaFiles(config.mediaDir);
}

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
