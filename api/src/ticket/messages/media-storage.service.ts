import type { CompanyId } from '../../common/company-id';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { sniffMediaType, SniffedType } from '../../common/media-type';

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

  async store(companyId: CompanyId, data: Buffer, sniffed = sniffMediaType(data)): Promise<StoredMedia | null> {
    if (!sniffed) return null;
    const month = new Date().toISOString().slice(0, 7);
    const rel = join('messages', month, `${randomBytes(12).toString('hex')}.${sniffed.ext}`);
    await mkdir(join(this.companyDir(companyId), 'messages', month), { recursive: true });
    await writeFile(join(this.companyDir(companyId), rel), data);
    return { path: rel, type: sniffed };
  }

  /** Absolute path of a stored file, refusing anything that would leave the company's folder. */
  absolute(companyId: CompanyId, rel: string): string {
    const base = resolve(this.companyDir(companyId));
    const full = resolve(base, rel);
    if (!full.startsWith(base + sep)) throw new Error('media path escapes the company folder');
    return full;
  }

  async remove(companyId: CompanyId, rel: string): Promise<void> {
    await rm(this.absolute(companyId, rel), { force: true });
  }
}
