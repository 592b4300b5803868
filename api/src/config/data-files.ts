import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';

/**
 * The small files a local install keeps in its data folder (`secrets.json`, `instance.json`), written so that a crash
 * never leaves half a file and two processes of one install starting at once agree on one.
 */

/** Writes `content` to a new file beside `path` with `mode`, flushed to disk; answers its name. */
function writeTemp(path: string, content: string, mode: number): string {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/**
 * Creates `path` holding `content` unless it exists: written beside it and linked into place, so when two processes
 * race, the second one's link fails and both then read the first one's file.
 */
export function createFileOnce(path: string, content: string, mode: number): void {
  const temp = writeTemp(path, content, mode);
  try {
    linkSync(temp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(temp);
  }
}

/** Replaces `path` with `content` in one step (a rename): a reader sees the old file or the new one, never a part. */
export function replaceFile(path: string, content: string, mode: number): void {
  renameSync(writeTemp(path, content, mode), path);
}
