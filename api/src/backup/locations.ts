import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadTempDir } from '../common/http/uploads/uploaded-file';
import { S3MediaStore } from '../common/infra/media-store/s3-media-store';
import type { AppConfig } from '../config/app-config';
import { MANIFEST_FILE } from './manifest';
import { copyMedia, localMediaFiles, type MediaEntry, type MediaFiles } from './media-files';

/**
 * Where a backup goes or comes from: a folder, or a bucket (`s3://bucket/prefix`). A backup is always made in a folder
 * (pg_dump writes a file); to a bucket, that folder is then uploaded object by object under the prefix, the manifest
 * last, so a prefix without `manifest.json` is an unfinished backup there too. A restore from a bucket downloads the
 * backup into a folder first, then restores that.
 *
 * A bucket is reached with the media store's S3 connection (MEDIA_STORAGE=s3: S3_ENDPOINT, S3_REGION, the keys), with
 * the location's own bucket and prefix: no second set of credentials to configure. A deployment whose media are in a
 * folder backs up to a folder (and copies it with its own tools).
 */
export const isBucketLocation = (location: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(location);

export type BucketConfig = Pick<AppConfig, 'mediaDir' | 'mediaStorage'>;

/** `s3://bucket/some/prefix` as its bucket and its prefix (`some/prefix/`); a backup needs a prefix of its own. */
export function parseBucketLocation(location: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/i.exec(location);
  if (!m) throw new Error(`${location}: only folders and s3://<bucket>/<prefix> locations are supported`);
  const [, bucket, rest = ''] = m;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`${location}: "${bucket}" is not a bucket name`);
  const prefix = rest.replace(/^\/+|\/+$/g, '');
  if (!prefix) throw new Error(`${location}: a backup needs a prefix of its own in the bucket, such as s3://${bucket}/backups/<name>`);
  if (prefix.split('/').some((part) => !part || part.startsWith('.'))) throw new Error(`${location}: the prefix has an empty or dot part`);
  return { bucket, prefix: `${prefix}/` };
}

/** The bucket location as a store, on the media store's S3 connection; refused (with what to do) when there is none. */
export function openBucket(location: string, config: BucketConfig): MediaFiles {
  const { bucket, prefix } = parseBucketLocation(location);
  const media = config.mediaStorage;
  if (media.kind !== 's3') {
    throw new Error(
      `${location}: a bucket is reached with the media store's S3 connection (MEDIA_STORAGE=s3, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID...), ` +
        'and the media are in a folder here. Use a folder, and copy it to the bucket with your own tools (aws s3 sync, rclone copy)',
    );
  }
  // The media's own objects must not be mixed with a backup's: the next backup would take the last one for media.
  if (bucket === media.bucket && (prefix.startsWith(media.prefix) || media.prefix.startsWith(prefix))) {
    throw new Error(
      `${location}: that is where the media are (s3://${media.bucket}/${media.prefix}); use another bucket, or prefixes that do not contain each other`,
    );
  }
  return new S3MediaStore({ ...media, bucket, prefix }, uploadTempDir(config.mediaDir));
}

async function listAll(files: MediaFiles): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for await (const entry of files.list()) entries.push(entry);
  return entries;
}

/** Refuses a bucket prefix that holds anything (a backup goes into a new prefix, as into a new folder). */
export async function assertEmptyBucket(bucket: MediaFiles): Promise<void> {
  for await (const entry of bucket.list()) {
    throw new Error(`${bucket.location} already holds objects (${entry.key}...): back up into a new prefix`);
  }
}

/** Uploads a finished backup folder under the bucket's prefix, the manifest last. Answers the objects written. */
export async function uploadBackup(dir: string, bucket: MediaFiles): Promise<number> {
  const folder = localMediaFiles(dir);
  const entries = await listAll(folder);
  const manifest = entries.filter((e) => e.key === MANIFEST_FILE);
  await copyMedia(
    folder,
    bucket,
    entries.filter((e) => e.key !== MANIFEST_FILE),
  );
  await copyMedia(folder, bucket, manifest);
  return entries.length;
}

/** Downloads a backup from under a bucket's prefix into a new folder beside the local backups; the caller removes it. */
export async function downloadBackup(bucket: MediaFiles, backupsDir: string): Promise<string> {
  const entries = await listAll(bucket);
  if (!entries.some((e) => e.key === MANIFEST_FILE)) {
    throw new Error(`${bucket.location} holds no ${MANIFEST_FILE}: not a backup, or a backup that did not finish`);
  }
  const dir = join(backupsDir, `.download-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await copyMedia(bucket, localMediaFiles(dir), entries);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}
