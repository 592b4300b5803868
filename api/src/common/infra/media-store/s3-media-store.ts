import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../../config/app-config';
import { mimetypeOfStoredName } from '../media-type';
import { assertMediaKey, ByteRange, MediaListing, MediaNotFoundError, MediaObjectInfo, MediaRead, MediaStore } from './media-store';

/** Both HeadObject's bodiless 404 (`NotFound`) and GetObject's (`NoSuchKey`). */
const notFound = (e: unknown) => e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound');

/**
 * An S3-compatible bucket as the store (AWS S3, MinIO, R2...): a key is the object `S3_PREFIX + key`, so the bucket
 * holds MEDIA_DIR's tree under the prefix. Objects are private; the API streams them to whoever its routes allow.
 * Checksums are sent and checked only where an operation requires them (`WHEN_REQUIRED`): several S3-compatible
 * services refuse the SDK's newer default ones.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly location: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    config: S3StorageConfig,
    /** Where temporary local copies go (`withLocalFile`): MEDIA_DIR/.tmp, swept of stale files. */
    private readonly tempDir: string,
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.location = `s3://${config.bucket}/${config.prefix}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.prefix + assertMediaKey(key);
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag, lastModified: head.LastModified };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<MediaRead | null> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const total = got.ContentRange ? Number(/\/(\d+)$/.exec(got.ContentRange)?.[1]) : got.ContentLength;
      return { body: got.Body as Readable, size: total ?? 0, etag: got.ETag, lastModified: got.LastModified, range };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    const got = await this.read(key);
    if (!got) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async write(key: string, body: Buffer | Readable, size?: number): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.objectKey(key), ContentType: mimetypeOfStoredName(key) };
    if (Buffer.isBuffer(body) || size !== undefined) {
      await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: Buffer.isBuffer(body) ? body.length : size }));
      return;
    }
    // A stream of unknown length: a multipart upload, part by part (5 MB each), never the whole object in memory.
    await new Upload({ client: this.client, params: { ...params, Body: body } }).done();
  }

  async moveIn(key: string, localPath: string): Promise<void> {
    const { size } = await stat(localPath);
    await this.write(key, createReadStream(localPath), size);
    await unlink(localPath).catch(() => undefined);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = `${this.bucket}/${this.objectKey(fromKey)}`.split('/').map(encodeURIComponent).join('/');
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.objectKey(toKey), CopySource: source }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async removeAll(prefix: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const Objects = batch.map((key) => ({ Key: this.objectKey(key) }));
      batch = [];
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }));
    };
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix = ''): AsyncIterable<MediaListing> {
    const folder = prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + folder, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(this.prefix)) yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Downloads the object to MEDIA_DIR/.tmp under its own name's extension (ffmpeg and the spreadsheet reader look at it). */
  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const got = await this.read(key);
    if (!got) throw new MediaNotFoundError(key);
    await mkdir(this.tempDir, { recursive: true });
    const path = join(this.tempDir, `${randomBytes(8).toString('hex')}-${basename(key)}`);
    try {
      await pipeline(got.body, createWriteStream(path));
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
