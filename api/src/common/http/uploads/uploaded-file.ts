import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How many first bytes of an upload are read for telling its type (`common/infra/media-type.ts` needs 12). */
export const UPLOAD_HEAD_BYTES = 64;

/**
 * A file of a multipart upload, as `@Upload` hands it to a route: already on disk in the uploads' temp folder,
 * never in memory. Services check `head` and `size`, then move the file where it belongs (`moveUpload`); whatever
 * is still in the temp folder when the request ends is removed.
 */
export interface UploadedFile {
  fieldname: string;
  /** The client's name for it: a display label at most (`displayName`), never a path. */
  originalname: string;
  size: number;
  /** Absolute path of the temp file. */
  path: string;
  /** Its first bytes (up to UPLOAD_HEAD_BYTES), to tell its type: never the whole file. */
  head: Buffer;
}

/** Where uploads wait while a request is handled: inside MEDIA_DIR, so moving one into a folder media store is a rename. */
export const uploadTempDir = (mediaDir: string): string => join(mediaDir, '.tmp');

/** The first bytes of a file. */
export async function readHead(path: string, bytes = UPLOAD_HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Moves an uploaded file to `target` (its folder is made): a rename within MEDIA_DIR, a copy and unlink when the
 * target is on another file system. The upload is then no longer in the temp folder, so nothing removes it.
 */
export async function moveUpload(file: Pick<UploadedFile, 'path'>, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await rename(file.path, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    // Copied under a temporary name first, so a reader never sees half a file under the final one.
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await copyFile(file.path, partial);
      await rename(partial, target);
    } catch (copyError) {
      await rm(partial, { force: true });
      throw copyError;
    }
    await unlink(file.path).catch(() => undefined);
  }
}

/** Removes temp files (an upload moved away is already gone: nothing to do). */
export async function removeUploads(files: readonly Pick<UploadedFile, 'path'>[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true }).catch(() => undefined)));
}

/**
 * Removes temp files older than `olderThanMs`: what a process killed in the middle of a request left behind.
 * Younger ones may belong to another process's request in progress (processes share MEDIA_DIR), so they stay.
 */
export async function sweepUploadTemp(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
