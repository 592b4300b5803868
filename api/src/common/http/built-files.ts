import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** A year: the longest a cache keeps anything; `immutable` tells browsers not to revalidate it on reload. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again (a 304 when unchanged) each time: the files whose name stays the same across builds. */
export const REVALIDATE = 'no-cache';
/** Other files with a stable name (the favicon): an hour, as before. */
const AN_HOUR = 'public, max-age=3600';

/** A build's file and its precompressed copies beside it (`<file>.br`, `<file>.gz`, written by the build). */
interface BuiltFile {
  br: boolean;
  gz: boolean;
}

export interface BuiltFilesOptions {
  /** How the request log and the HTTP metric name what this serves (`res.locals.route`). */
  route: string;
  /** Files whose name changes with their content (a hash in it): cached for a year, never revalidated. */
  immutable: (path: string) => boolean;
  /** Files that keep their name across builds and must be revalidated (index.html, sw.js, the embed's loader). */
  revalidate: (path: string) => boolean;
  /** Headers every answer gets (the embed's CORS). */
  headers?: Record<string, string>;
}

export interface BuiltFiles {
  /** Answers a GET or HEAD for one of the build's files; any other request goes on (`next`). */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Sends one of the build's files (index.html for the console's pages), as the middleware would. */
  send: (path: string, req: Request, res: Response, next: NextFunction) => void;
  has: (path: string) => boolean;
}

/** Every file under `dir`, by URL path (`/assets/index-Ab12Cd34.js`); dotfiles and dot folders (`.vite/`) left out. */
function list(dir: string): Map<string, BuiltFile> {
  const all = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) all.add(`/${relative(dir, path).split(sep).join('/')}`);
    }
  };
  walk(dir);
  const files = new Map<string, BuiltFile>();
  for (const path of all) {
    if ((path.endsWith('.br') || path.endsWith('.gz')) && all.has(path.slice(0, -3))) continue;
    files.set(path, { br: all.has(`${path}.br`), gz: all.has(`${path}.gz`) });
  }
  return files;
}

/**
 * The encoding to send among the copies there are: the one the client weighs highest (`q`), and on a tie ours in
 * order, brotli first (browsers list `gzip, deflate, br, zstd`: their order is no preference). None: the file itself.
 */
export function preferred(header: string | undefined, offered: readonly ('br' | 'gzip')[]): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  let best: 'br' | 'gzip' | undefined;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/**
 * A build folder (the console's dist, the embed's) as it was when the process started: listed once, so a request
 * for anything else (every API call) costs a map lookup, not a look on disk. Each file goes with the best encoding the
 * client accepts among the copies the build wrote beside it, brotli (`.br`) then gzip (`.gz`), and `Vary:
 * Accept-Encoding`; a file without copies goes as it is (the compression middleware compresses it on the way when
 * it is large enough). Cache-Control by name: hashed files for a year and immutable, the stable names that point to
 * them revalidated every time, anything else for an hour.
 */
export function builtFiles(dir: string, options: BuiltFilesOptions): BuiltFiles | undefined {
  if (!existsSync(dir)) return undefined;
  const files = list(dir);
  const send = (path: string, req: Request, res: Response, next: NextFunction) => {
    const file = files.get(path);
    if (!file) return next();
    const offered = [...(file.br ? (['br'] as const) : []), ...(file.gz ? (['gzip'] as const) : [])];
    const encoding = preferred(req.headers['accept-encoding'], offered);
    res.locals.route = options.route;
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    if (offered.length) res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', options.immutable(path) ? IMMUTABLE : options.revalidate(path) ? REVALIDATE : AN_HOUR);
    // The type of the file, not of its compressed copy (send keeps a Content-Type already set).
    res.type(extname(path));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const name = encoding ? `${path}.${encoding === 'br' ? 'br' : 'gz'}` : path;
    // Named inside its folder: an absolute path is refused when any folder above has a dot (a clone under ~/.local).
    res.sendFile(name.slice(1), { root: dir, cacheControl: false, acceptRanges: !encoding }, (e?: Error) => {
      if (e && !res.headersSent) next(e);
    });
  };
  return {
    send,
    has: (path) => files.has(path),
    middleware: (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        return next();
      }
      send(path, req, res, next);
    },
  };
}
