import { posix } from 'node:path';
import type { Readable } from 'node:stream';

/** What a store knows of an object without reading it. */
export interface MediaObjectInfo {
  size: number;
  /** A validator for conditional requests (quoted, as HTTP sends it), where the store has one. */
  etag?: string;
  lastModified?: Date;
}

/** An object opened for reading, whole or one byte range of it. */
export interface MediaRead extends MediaObjectInfo {
  body: Readable;
  /** The bytes `body` holds (inclusive), when a range was asked for. */
  range?: ByteRange;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as HTTP counts. */
  end: number;
}

/** One object of a listing: its key (without the store's own prefix) and its size. */
export interface MediaListing {
  key: string;
  size: number;
}

/**
 * Where every stored file lives: message media, attachments, logos, contact-list spreadsheets waiting for import.
 * Keys are relative, '/'-separated and made by the server (`company12/messages/2026-11/<random>.png`); the layout
 * is the one MEDIA_DIR has always had, so a local folder and a bucket hold the same tree. Two implementations:
 * `LocalMediaStore` (MEDIA_DIR, the default) and `S3MediaStore` (any S3-compatible object store). Nothing outside
 * this folder touches media files directly; a standalone script gets a store from `createMediaStore(config)`
 * (create-media-store.ts).
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** For logs and an operator's eyes: the folder, or `s3://bucket/prefix`. */
  readonly location: string;
  /** Size and validators, or null when there is no such object. */
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** Opens an object (or one byte range of it: `end` inclusive and within the object), or null when it is not there. */
  read(key: string, range?: ByteRange): Promise<MediaRead | null>;
  /** A whole object in memory, or null when it is not there: for the small files that are read whole (images to copy, audio to transcribe). */
  readBuffer(key: string): Promise<Buffer | null>;
  /** Writes an object from bytes or a stream (`size`, when known, saves a bucket a multipart upload). */
  write(key: string, body: Buffer | Readable, size?: number): Promise<void>;
  /** Takes a file of this machine (an upload in MEDIA_DIR/.tmp) in under `key`; the file is gone afterwards. */
  moveIn(key: string, localPath: string): Promise<void>;
  /** A second object with the same bytes (a hard link in a folder, a server-side copy in a bucket). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes an object; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object under a folder-like prefix (`public/company12/`). */
  removeAll(prefix: string): Promise<void>;
  /** Every object under a folder-like prefix ('' for all), in no particular order. */
  list(prefix?: string): AsyncIterable<MediaListing>;
  /**
   * Runs `use` with the object as a file on this machine, for what can only read a path (ffmpeg, the spreadsheet
   * reader, Baileys' uploads): the store's own file in a folder, else a temporary copy removed once `use` settles.
   * Throws MediaNotFoundError when the object is not there (a local store hands its path over unchecked, as before).
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Lets connections go (a bucket's HTTP agent); a folder has nothing to close. */
  close(): Promise<void>;
}

export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`media not found: ${key}`);
  }
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/**
 * True for a key the stores accept: relative, '/'-separated, no empty, `.` or `..` part and no part starting with a
 * dot (MEDIA_DIR/.tmp holds uploads in flight and is no object; a dot entry is never served, as Express's dotfiles
 * rule refused it before).
 */
export function isMediaKey(key: string): boolean {
  if (!key || key.length > 1024 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && !part.startsWith('.'));
}

export function assertMediaKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

/** A key from server-made parts (`mediaKey(companyFolder(12), 'messages', month, name)`). */
export const mediaKey = (...parts: string[]): string => assertMediaKey(parts.join('/'));

/** A company's folder: `company12`. */
export const companyFolder = (companyId: number): string => `company${companyId}`;

/**
 * A stored relative path (a row's media_path, which the database holds and a client never sets) as a key inside
 * `folder`, or null when it would leave it or name a dot entry: `../company3/x.png`, `/etc/passwd` and `.hidden/y`
 * are refused, as the local folder's path checks refused them.
 */
export function keyInside(folder: string, relative: string | null | undefined): string | null {
  if (!relative || relative.startsWith('/') || relative.includes('\\') || relative.includes('\0')) return null;
  const key = posix.normalize(`${folder}/${relative}`);
  if (!key.startsWith(`${folder}/`) || !isMediaKey(key)) return null;
  return key;
}
