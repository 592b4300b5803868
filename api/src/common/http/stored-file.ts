import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LocalMediaStore } from '../infra/media-store/local-media-store';
import type { ByteRange, MediaStore } from '../infra/media-store/media-store';
import { AppError, CommonError } from './errors';

/** A file this server stored: the store and its key there (already checked to be inside the record's folder). */
export interface StoredFile {
  store: MediaStore;
  key: string;
  mimetype: string;
  /** The display name the file was sent with (Content-Disposition). */
  name: string;
}

export interface SendStoredFileOptions {
  /** Cache-Control; without it, `private, no-cache` (the files are behind the session). */
  cacheControl?: string;
  disposition?: 'inline' | 'attachment';
}

/** `inline; filename="ascii"; filename*=UTF-8''…`: the ASCII name for old clients, the exact one for the rest. */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Answers with a stored file: its own type, Content-Length, ETag and byte ranges (audio and video seek). A file that
 * is not there is the API's 404 ERR_NOT_FOUND, never Express's HTML page. From MEDIA_DIR, Express's own `sendFile`
 * answers (as it always has); from a bucket, the object is streamed through (`sendFromStore`).
 */
export function sendStoredFile(res: Response, file: StoredFile, options: SendStoredFileOptions = {}): Promise<void> {
  const headers = {
    'Content-Type': file.mimetype,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(file.name, options.disposition),
    'Cache-Control': options.cacheControl ?? 'private, no-cache',
  };
  if (file.store instanceof LocalMediaStore) return sendLocalFile(res, file.store.root, file.key, headers);
  return sendFromStore(res, file.store, file.key, headers);
}

/**
 * The path is resolved inside `root`, so the folders above it may have any name (Express's `sendFile` of an absolute
 * path refuses any dot folder on the way, and the default MEDIA_DIR is `.data/media`), while `..` or a dot entry
 * inside the root is still refused.
 */
function sendLocalFile(res: Response, root: string, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    res.sendFile(
      path,
      // Headers are set only once the file is found: an error answer keeps its JSON type.
      { root, dotfiles: 'deny', cacheControl: false, headers },
      (err?: Error & { status?: number; headers?: Record<string, string> }) => {
        if (!err) return resolve();
        // The client went away mid-file, or the answer had started: nothing left to say.
        if (res.headersSent) return resolve();
        // A range past the end, or a failed If-Match: HTTP's own answers, with send's Content-Range.
        if (err.status === 416 || err.status === 412) {
          res.status(err.status);
          for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
          res.end();
          return resolve();
        }
        reject(new AppError(CommonError.ERR_NOT_FOUND));
      },
    );
  });
}

/**
 * Streams an object of any store as Express's `sendFile` answers a file: Accept-Ranges, Content-Length, ETag and
 * Last-Modified, 304 for a fresh conditional GET, 206 for one byte range (`If-Range` honoured), 416 for a range past
 * the end; HEAD answers the headers alone. A range costs one look at the object's size first; a plain GET is one
 * request to the store. Rejects with 404 ERR_NOT_FOUND when the object is not there.
 */
export async function sendFromStore(res: Response, store: MediaStore, key: string, headers: Record<string, string>): Promise<void> {
  const req = res.req as Request;
  const rangeHeader = req.method === 'GET' ? req.headers.range : undefined;
  let range: ByteRange | undefined;
  if (req.method === 'HEAD' || rangeHeader) {
    const info = await store.stat(key);
    if (!info) throw new AppError(CommonError.ERR_NOT_FOUND);
    setObjectHeaders(res, headers, info);
    if (req.method === 'HEAD') {
      res.setHeader('Content-Length', String(info.size));
      res.status(isFresh(req, res) ? 304 : 200).end();
      return;
    }
    const parsed = rangeHeader && ifRangeHolds(req, info) ? parseRange(rangeHeader, info.size) : undefined;
    if (parsed === 'unsatisfiable') {
      res.removeHeader('Content-Type');
      res.status(416).setHeader('Content-Range', `bytes */${info.size}`);
      res.end();
      return;
    }
    range = parsed;
  }
  const object = await store.read(key, range);
  if (!object) throw new AppError(CommonError.ERR_NOT_FOUND);
  setObjectHeaders(res, headers, object);
  if (!range && isFresh(req, res)) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200).setHeader('Content-Length', String(object.size));
  }
  // The client going away mid-file ends the pipe; nothing is left to answer then.
  await pipeline(object.body, res).catch(() => undefined);
}

function setObjectHeaders(res: Response, headers: Record<string, string>, info: { etag?: string; lastModified?: Date }): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Accept-Ranges', 'bytes');
  if (info.etag) res.setHeader('ETag', info.etag);
  if (info.lastModified) res.setHeader('Last-Modified', info.lastModified.toUTCString());
}

/** Express's freshness check (If-None-Match / If-Modified-Since against the headers just set). */
const isFresh = (req: Request, res: Response): boolean => {
  res.statusCode = 200;
  return req.fresh;
};

/** An `If-Range` names the current ETag or Last-Modified date; else the whole object goes out (RFC 9110 13.1.5). */
function ifRangeHolds(req: Request, info: { etag?: string; lastModified?: Date }): boolean {
  const condition = req.get('If-Range');
  if (!condition) return true;
  if (condition.startsWith('"') || condition.startsWith('W/')) return Boolean(info.etag) && condition === info.etag;
  const date = Date.parse(condition);
  return Boolean(info.lastModified) && !Number.isNaN(date) && Math.floor(info.lastModified!.getTime() / 1000) <= Math.floor(date / 1000);
}

/**
 * One byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n`, clamped to the object; `unsatisfiable` when it starts
 * past the end; undefined (the whole object) for anything else, several ranges included, which a server may ignore.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (match[2] && Number(match[2]) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
