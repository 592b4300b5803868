import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from './media-type';
import { moveUpload, type UploadedFile } from '../http/uploads/uploaded-file';
import type { Media } from './media.embeddable';

/** A row holding one attached file: its server-made name (in a directory of its own) and the name it was sent with. */
export interface AttachmentHolder {
  id: number;
  media: Media;
}

/**
 * One attachment per row, stored under `{prefix}{rowId}-{random}.{ext}` in a directory the caller names (per company
 * and module). Quick messages, holidays, schedules, announcements and file lists share it: the upload is moved in before the row points at it and removed
 * again when the flush fails; the file it replaces is removed after the flush. Only names this store made are ever
 * deleted, so a stored path can never reach outside the directory.
 */
export class AttachmentStore {
  private readonly serverName: RegExp;

  constructor(private readonly prefix: string) {
    this.serverName = new RegExp(`^${prefix}\\d+-[0-9a-f]{16}\\.[a-z0-9]{2,4}$`);
  }

  /** Moves the uploaded file in, points the row at it and flushes; then removes the file it replaced. */
  async replace(em: EntityManager, row: AttachmentHolder, dir: string, file: Pick<UploadedFile, 'path' | 'originalname'>, ext: string): Promise<void> {
    const name = `${this.prefix}${row.id}-${randomBytes(8).toString('hex')}.${ext}`;
    await moveUpload(file, join(dir, name));
    const previous = row.media.path;
    row.media.path = name;
    row.media.name = displayName(file.originalname, ext);
    try {
      await em.flush();
    } catch (e) {
      await unlink(join(dir, name)).catch(() => undefined);
      throw e;
    }
    await this.remove(dir, previous);
  }

  /** Takes the attachment off the row and flushes; then removes its file. */
  async clear(em: EntityManager, row: AttachmentHolder, dir: string): Promise<void> {
    const previous = row.media.path;
    row.media.path = null;
    row.media.name = null;
    await em.flush();
    await this.remove(dir, previous);
  }

  /** Removes a stored file by the name the row held (after the row itself was deleted, for instance). */
  async remove(dir: string, stored: string | null | undefined): Promise<void> {
    if (!stored || !this.serverName.test(stored) || basename(stored) !== stored) return;
    await unlink(join(dir, stored)).catch(() => undefined);
  }
}
