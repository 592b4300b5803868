import type { Response } from 'express';
import { AppError, CommonError } from './errors';

/** A file this server stored, named by the folder it lives in and its path inside that folder. */
export interface StoredFile {
  /** The folder (absolute); it may sit under a dot folder such as the default `.data/media`. */
  root: string;
  /** Server-made, relative to `root`. */
  path: string;
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
 * Answers with a stored file: its own type, Content-Length, ETag and byte ranges (audio and video seek). The path is
 * resolved inside `root`, so the folders above it may have any name (Express's `sendFile` of an absolute path refuses
 * any dot folder on the way, and the default MEDIA_DIR is `.data/media`), while `..` or a dot entry inside the root
 * is still refused. A file that is not there is the API's 404 ERR_NOT_FOUND, never Express's HTML page.
 */
export function sendStoredFile(res: Response, file: StoredFile, options: SendStoredFileOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    res.sendFile(
      file.path,
      {
        root: file.root,
        dotfiles: 'deny',
        cacheControl: false,
        // Set only once the file is found: an error answer keeps its JSON type.
        headers: {
          'Content-Type': file.mimetype,
          'X-Content-Type-Options': 'nosniff',
          'Content-Disposition': contentDisposition(file.name, options.disposition),
          'Cache-Control': options.cacheControl ?? 'private, no-cache',
        },
      },
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
