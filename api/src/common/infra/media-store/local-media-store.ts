import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { moveUpload } from '../../http/uploads/uploaded-file';
import { assertMediaKey, ByteRange, MediaListing, MediaObjectInfo, MediaRead, MediaStore } from './media-store';

const missing = (e: unknown) => ['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '');

/**
 * MEDIA_DIR as the store: a key is a path under the folder, exactly the files and names the API has always written
 * there. Every process of a deployment must see the same folder (one machine, or a shared volume).
 */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  readonly location: string;

  constructor(readonly root: string) {
    this.location = root;
  }

  /** The file of a key on this machine (the key checked: it cannot leave the folder). */
  path(key: string): string {
    return join(this.root, ...assertMediaKey(key).split('/'));
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<MediaRead | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const body = createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
    return { ...info, body, range };
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async write(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    if (Buffer.isBuffer(body)) return writeFile(target, body);
    // A stream is written under a temporary name first, so a reader never sees half a file under the final one.
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
  }

  moveIn(key: string, localPath: string): Promise<void> {
    return moveUpload({ path: localPath }, this.path(key));
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const from = this.path(fromKey);
    const to = this.path(toKey);
    await mkdir(dirname(to), { recursive: true });
    await link(from, to).catch(() => copyFile(from, to));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async *list(prefix = ''): AsyncIterable<MediaListing> {
    const folder = prefix.replace(/\/+$/, '');
    yield* this.walk(folder ? this.path(folder) : this.root, folder);
  }

  /** Files only, dot entries skipped (MEDIA_DIR/.tmp holds uploads in flight; a `.partial` is a write in flight). */
  private async *walk(dir: string, keyPrefix: string): AsyncIterable<MediaListing> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if (missing(e)) return;
      throw e;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name.endsWith('.partial')) continue;
      const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(full, key);
      else if (entry.isFile()) {
        // Gone since the folder was read (a send's copy removed, a file replaced): not listed.
        const info = await stat(full).catch(() => null);
        if (info) yield { key, size: info.size };
      }
    }
  }

  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.path(key));
  }

  async close(): Promise<void> {}
}
