import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config/app-config';
import { createMediaStore } from './create-media-store';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';

export interface MigrateMediaResult {
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size. */
  skipped: number;
  failed: { key: string; error: string }[];
}

/**
 * Copies every file of `from` that `to` lacks (or holds at another size) to `to`, under the same key: MEDIA_DIR into
 * a bucket when a deployment moves its media to object storage. Idempotent: a second run copies nothing; a run cut
 * short is finished by the next one. The target is listed once (no request per file to find what is there). A file
 * that fails is reported and the rest go on. Nothing is removed from either side.
 */
export async function migrateMedia(from: MediaStore, to: MediaStore, progress?: (done: number) => void): Promise<MigrateMediaResult> {
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);
  const result: MigrateMediaResult = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  for await (const file of from.list()) {
    if (present.get(file.key) === file.size) {
      result.skipped++;
      continue;
    }
    try {
      const read = await from.read(file.key);
      if (!read) throw new Error('gone before it was copied');
      await to.write(file.key, read.body, read.size);
      result.copied++;
      result.copiedBytes += read.size;
    } catch (e) {
      result.failed.push({ key: file.key, error: (e as Error).message });
    }
    progress?.(result.copied + result.failed.length);
  }
  return result;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run media:migrate [-- --from <folder>]`: MEDIA_DIR (or --from) into the bucket MEDIA_STORAGE=s3 names. */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(`npm run media:migrate [-- --from <folder>]

Copies the media files of a folder (MEDIA_DIR, or --from) to the bucket the environment names (MEDIA_STORAGE=s3,
S3_BUCKET, S3_PREFIX, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), under
the same keys. Files already there with the same size are skipped, so it can run again. Nothing is deleted.
docs/operations/storage.md has the procedure.\n`);
    return 0;
  }
  const config = loadConfig();
  if (config.mediaStorage.kind !== 's3') {
    console.error('MEDIA_STORAGE is not s3: set MEDIA_STORAGE=s3 and the S3_* variables of the bucket to copy the media to.');
    return 2;
  }
  // npm runs a workspace's script in its folder: a relative --from means the folder the operator typed it in.
  const source = new LocalMediaStore(values.from ? resolve(process.env.INIT_CWD ?? process.cwd(), values.from) : config.mediaDir);
  const target = createMediaStore(config);
  process.stdout.write(`Copying media from ${source.location} to ${target.location}\n`);
  try {
    const result = await migrateMedia(source, target, (done) => {
      if (done % 500 === 0) process.stdout.write(`  ${done} files...\n`);
    });
    for (const failure of result.failed) console.error(`  failed: ${failure.key}: ${failure.error}`);
    process.stdout.write(
      `Copied ${result.copied} files (${megabytes(result.copiedBytes)}), skipped ${result.skipped} already in the bucket, failed ${result.failed.length}.\n`,
    );
    return result.failed.length ? 1 : 0;
  } finally {
    await target.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: Error) => {
      console.error(`Media migration failed: ${e.message}`);
      process.exit(1);
    },
  );
}
