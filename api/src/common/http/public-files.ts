import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { LocalMediaStore } from '../infra/media-store/local-media-store';
import { keyInside, type MediaStore } from '../infra/media-store/media-store';
import { mimetypeOfStoredName } from '../infra/media-type';
import { AppError, CommonError } from './errors';
import { sendFromStore } from './stored-file';

/**
 * The store's `public/` folder under `/public/`, for anyone: company logos (`public/company{id}/logos/`, written by
 * LogoService), which the sign-in page shows before any session. From MEDIA_DIR, Express's static files answer as
 * they always have; from a bucket, each file is streamed through the API (the bucket itself stays private). A file
 * that is not there is 404 ERR_NOT_FOUND either way.
 */
export function servePublicFiles(app: NestExpressApplication, store: MediaStore): void {
  if (store instanceof LocalMediaStore) {
    const publicDir = join(store.root, 'public');
    mkdirSync(publicDir, { recursive: true });
    app.useStaticAssets(publicDir, { prefix: '/public/', index: false, dotfiles: 'deny', fallthrough: false });
    return;
  }
  app.use('/public/', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // As the static files answer it.
      res.status(405).setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(req.path.slice(1));
    } catch {
      return next(new AppError(CommonError.ERR_NOT_FOUND));
    }
    const key = keyInside('public', path);
    if (!key) return next(new AppError(CommonError.ERR_NOT_FOUND));
    sendFromStore(res, store, key, { 'Content-Type': mimetypeOfStoredName(key), 'Cache-Control': 'public, max-age=0' }).catch(next);
  });
}
