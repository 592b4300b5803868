import type { AppConfig } from '../../../config/app-config';
import { uploadTempDir } from '../../http/uploads/uploaded-file';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/**
 * The store a configuration names. Usable without Nest (scripts: media:migrate, backups): it needs only MEDIA_DIR
 * and MEDIA_STORAGE's settings. A bucket's temporary local copies go to MEDIA_DIR/.tmp, whose stale files the
 * upload sweep removes.
 */
export function createMediaStore(config: Pick<AppConfig, 'mediaDir' | 'mediaStorage'>): MediaStore {
  const storage = config.mediaStorage;
  if (storage.kind === 's3') return new S3MediaStore(storage, uploadTempDir(config.mediaDir));
  return new LocalMediaStore(config.mediaDir);
}
