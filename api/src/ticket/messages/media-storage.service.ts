import type { CompanyId } from '../../common/tenancy/company-id';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { companyFolder, keyInside, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { sniffMediaType, SniffedType } from '../../common/infra/media-type';
import type { UploadedFile } from '../../common/http/uploads/uploaded-file';

export interface StoredMedia {
  /** Relative to the company's media folder; server-made. */
  path: string;
  type: SniffedType;
}

/**
 * Message media in the media store, per company: company{id}/messages/YYYY-MM/<random>.<ext> (MEDIA_DIR's folders,
 * or a bucket's keys). No path segment ever comes from a client or a sender; the original name is kept only as a
 * display label (mediaName). A row's media_path is relative to the company's folder.
 */
@Injectable()
export class MediaStorageService {
  constructor(@Inject(MEDIA_STORE) readonly mediaStore: MediaStore) {}

  /** Writes media received as bytes (a provider's download, a copy made for a send). */
  async store(companyId: CompanyId, data: Buffer, sniffed = sniffMediaType(data)): Promise<StoredMedia | null> {
    if (!sniffed) return null;
    const rel = this.newName(sniffed.ext);
    await this.mediaStore.write(this.keyOf(companyId, rel), data);
    return { path: rel, type: sniffed };
  }

  /** Moves an upload (already on disk, its type told from its first bytes) into the store. */
  async storeUpload(companyId: CompanyId, file: Pick<UploadedFile, 'path'>, sniffed: SniffedType): Promise<StoredMedia> {
    const rel = this.newName(sniffed.ext);
    await this.mediaStore.moveIn(this.keyOf(companyId, rel), file.path);
    return { path: rel, type: sniffed };
  }

  /** A new message file's name, relative to the company's folder: messages/YYYY-MM/<random>.<ext>. */
  newName(ext: string): string {
    return `messages/${new Date().toISOString().slice(0, 7)}/${randomBytes(12).toString('hex')}.${ext}`;
  }

  /** The store key of a stored file, or null when the stored path would leave the company's folder. */
  key(companyId: CompanyId, rel: string | null | undefined): string | null {
    return keyInside(companyFolder(companyId), rel);
  }

  /** As `key`, for a path this service made: a refusal is a fault, not a client's doing. */
  keyOf(companyId: CompanyId, rel: string): string {
    const key = this.key(companyId, rel);
    if (!key) throw new Error('media path escapes the company folder');
    return key;
  }

  async remove(companyId: CompanyId, rel: string): Promise<void> {
    await this.mediaStore.remove(this.keyOf(companyId, rel));
  }
}
