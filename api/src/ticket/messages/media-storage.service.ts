import type { CompanyId } from '../../common/tenancy/company-id';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { sniffMediaType, SniffedType } from '../../common/infra/media-type';
import { moveUpload, type UploadedFile } from '../../common/http/uploads/uploaded-file';

export interface StoredMedia {
  /** Relative to the company's media folder; server-made. */
  path: string;
  type: SniffedType;
}

/**
 * Message media on disk, per company: MEDIA_DIR/company{id}/messages/YYYY-MM/<random>.<ext>. No path segment ever
 * comes from a client or a sender; the original name is kept only as a display label (mediaName).
 */
@Injectable()
export class MediaStorageService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private companyDir(companyId: CompanyId): string {
    return join(this.config.mediaDir, `company${companyId}`);
  }

  /** Writes media received as bytes (a provider's download, a copy made for a send). */
  async store(companyId: CompanyId, data: Buffer, sniffed = sniffMediaType(data)): Promise<StoredMedia | null> {
    if (!sniffed) return null;
    const rel = this.newName(sniffed);
    await mkdir(join(this.companyDir(companyId), dirname(rel)), { recursive: true });
    await writeFile(join(this.companyDir(companyId), rel), data);
    return { path: rel, type: sniffed };
  }

  /** Moves an upload (already on disk, its type told from its first bytes) into the store. */
  async storeUpload(companyId: CompanyId, file: Pick<UploadedFile, 'path'>, sniffed: SniffedType): Promise<StoredMedia> {
    const rel = this.newName(sniffed);
    await moveUpload(file, join(this.companyDir(companyId), rel));
    return { path: rel, type: sniffed };
  }

  private newName(sniffed: SniffedType): string {
    return join('messages', new Date().toISOString().slice(0, 7), `${randomBytes(12).toString('hex')}.${sniffed.ext}`);
  }

  /** Absolute path of a stored file, refusing anything that would leave the company's folder. */
  absolute(companyId: CompanyId, rel: string): string {
    const base = resolve(this.companyDir(companyId));
    const full = resolve(base, rel);
    if (!full.startsWith(base + sep)) throw new Error('media path escapes the company folder');
    return full;
  }

  /** A stored file as its folder and its path inside it (for `sendStoredFile`), with the same refusal as `absolute`. */
  located(companyId: CompanyId, rel: string): { root: string; path: string } {
    const full = this.absolute(companyId, rel);
    const root = resolve(this.companyDir(companyId));
    return { root, path: relative(root, full) };
  }

  async remove(companyId: CompanyId, rel: string): Promise<void> {
    await rm(this.absolute(companyId, rel), { force: true });
  }
}
