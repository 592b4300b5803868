import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from './media-type';
import type { UploadedFile } from '../http/uploads/uploaded-file';
import type { Media } from './media.embeddable';
import { mediaKey, type MediaStore } from './media-store/media-store';

/** A row holding one attached file: its server-made name (in a folder of its own) and the name it was sent with. */
export interface AttachmentHolder {
  id: number;
  media: Media;
}

/** Where a module's attachments live: the media store and the folder (key prefix) the module names, per company. */
export interface AttachmentFolder {
  store: MediaStore;
  /** `company12/quick-messages`, `platform/announcements`. */
  folder: string;
}

/**
 * One attachment per row, stored under `{prefix}{rowId}-{random}.{ext}` in a folder the caller names (per company
 * and module) of the media store. Quick messages, holidays, schedules, announcements and file lists share it: the
 * upload is moved in before the row points at it and removed again when the flush fails; the file it replaces is
 * removed after the flush. Only names this store made are ever used as keys, so a stored path can never reach
 * outside the folder.
 */
export class AttachmentStore {
  private readonly serverName: RegExp;

  constructor(private readonly prefix: string) {
    this.serverName = new RegExp(`^${prefix}\\d+-[0-9a-f]{16}\\.[a-z0-9]{2,4}$`);
  }

  /** The store key of a name this store made, or null for anything else (an empty or foreign media_path). */
  key(at: AttachmentFolder, stored: string | null | undefined): string | null {
    return stored && this.serverName.test(stored) ? mediaKey(at.folder, stored) : null;
  }

  /** Moves the uploaded file in, points the row at it and flushes; then removes the file it replaced. */
  async replace(em: EntityManager, row: AttachmentHolder, at: AttachmentFolder, file: Pick<UploadedFile, 'path' | 'originalname'>, ext: string): Promise<void> {
    const name = `${this.prefix}${row.id}-${randomBytes(8).toString('hex')}.${ext}`;
    await at.store.moveIn(mediaKey(at.folder, name), file.path);
    const previous = row.media.path;
    row.media.path = name;
    row.media.name = displayName(file.originalname, ext);
    try {
      await em.flush();
    } catch (e) {
      await at.store.remove(mediaKey(at.folder, name)).catch(() => undefined);
      throw e;
    }
    await this.remove(at, previous);
  }

  /** Takes the attachment off the row and flushes; then removes its file. */
  async clear(em: EntityManager, row: AttachmentHolder, at: AttachmentFolder): Promise<void> {
    const previous = row.media.path;
    row.media.path = null;
    row.media.name = null;
    await em.flush();
    await this.remove(at, previous);
  }

  /** Removes a stored file by the name the row held (after the row itself was deleted, for instance). */
  async remove(at: AttachmentFolder, stored: string | null | undefined): Promise<void> {
    const key = this.key(at, stored);
    if (key) await at.store.remove(key).catch(() => undefined);
  }
}
