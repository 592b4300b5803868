import {
  applyDecorators,
  CallHandler,
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  mixin,
  NestInterceptor,
  Type,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import multer, { diskStorage, MulterError } from 'multer';
import { mkdir } from 'node:fs/promises';
import { finalize, Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { AppError, CommonError, invalidField } from '../errors';
import { IdPipe } from '../ids';
import type { RequestContext, RequestWithContext } from '../../access/request-context';
import { readHead, removeUploads, sweepUploadTemp, UploadedFile, uploadTempDir } from './uploaded-file';

/**
 * A service that owns the resource an upload route's path names (`/schedules/{id}/media-upload`): it refuses
 * (403, 404, 409...) exactly as the upload itself would, so the refusal comes before a byte of the body is read.
 */
export interface UploadTarget {
  assertUploadTarget(ctx: RequestContext, id: number): Promise<void>;
}

export interface UploadOptions {
  /** The multipart field holding the file(s). */
  field: string;
  /** How many files the field takes: 1 hands `@UploadedFile()` one, more hand `@UploadedFiles()` a list. Default 1. */
  maxFiles?: number;
  /** Largest file in bytes (413 ERR_PAYLOAD_TOO_LARGE beyond it), or read from the config. */
  maxBytes: number | ((config: AppConfig) => number);
  /** Most non-file fields. Default 10 per file. */
  maxFields?: number;
  /** Largest non-file field in bytes (busboy keeps fields in memory): default 64 KB, a caption or an id. */
  maxFieldBytes?: number;
  /**
   * Checked before the body is read: the service whose `assertUploadTarget(ctx, id)` gets the path parameter
   * `param` (default `id`, read as IdPipe reads it). Only multipart requests wait for it: a JSON body on the same
   * route (a text message) was read by the JSON parser already and the service checks it as before.
   */
  target?: { service: Type<UploadTarget>; param?: string };
  /**
   * The OpenAPI body of a multipart-only route with one file: what the file may be, and the other (text) fields by
   * their descriptions. Routes that also take JSON, or several files, describe their body themselves.
   */
  doc?: { file: string; fields?: Record<string, string> };
}

/** A temp file this old was left by a process that died mid-request (a live upload's file is written to as it arrives). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;
const sweptDirs = new Set<string>();

const isMultipart = (req: Request) => /^multipart\//i.test(req.headers['content-type'] ?? '');
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Every multipart route takes its files through this one decorator:
 * - the caller is authorised first: the global AuthGuard (permission, plan) and then, for a route whose path names
 *   a resource, `target`'s check run before multer reads anything, so a refused caller costs no memory and no disk;
 * - files stream to disk (MEDIA_DIR/.tmp) under per-route limits on size, count and fields (413
 *   ERR_PAYLOAD_TOO_LARGE, 400 ERR_VALIDATION naming the field, 400 ERR_BAD_REQUEST for a broken body), and the
 *   handler gets `UploadedFile`s with their first bytes in `head`: no file is ever held in memory whole;
 * - services move the files they keep (`moveUpload`); whatever remains in the temp folder is removed when the request
 *   ends, however it ends (answered, refused by a pipe or the service, failed, or dropped by the client: multer
 *   removes what it wrote for an aborted body itself).
 */
export function Upload(options: UploadOptions): MethodDecorator {
  const decorators: MethodDecorator[] = [];
  if (options.target) decorators.push(UseGuards(uploadTargetGuard(options.target.service, options.target.param ?? 'id')));
  decorators.push(UseInterceptors(uploadInterceptor(options)));
  if (options.doc) {
    const fields: Record<string, { type: 'string'; description: string }> = {};
    for (const [name, description] of Object.entries(options.doc.fields ?? {})) fields[name] = { type: 'string', description };
    decorators.push(
      ApiConsumes('multipart/form-data'),
      ApiBody({
        schema: {
          type: 'object',
          required: [options.field],
          properties: { [options.field]: { type: 'string', format: 'binary', description: options.doc.file }, ...fields },
        },
      }),
    );
  }
  return applyDecorators(...decorators);
}

function uploadTargetGuard(service: Type<UploadTarget>, param: string): Type<CanActivate> {
  @Injectable()
  class UploadTargetGuard implements CanActivate {
    private readonly ids = new IdPipe();
    constructor(@Inject(service) private readonly target: UploadTarget) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const req = context.switchToHttp().getRequest<Request & RequestWithContext>();
      if (!isMultipart(req)) return true;
      if (!req.ctx) throw new Error('@Upload({ target }) needs a route with a user session');
      const id = this.ids.transform(req.params[param], { type: 'param', data: param });
      await this.target.assertUploadTarget(req.ctx, id);
      return true;
    }
  }
  return mixin(UploadTargetGuard);
}

function uploadInterceptor(options: UploadOptions): Type<NestInterceptor> {
  const maxFiles = options.maxFiles ?? 1;
  @Injectable()
  class UploadInterceptor implements NestInterceptor {
    private readonly middleware: ReturnType<ReturnType<typeof multer>['single']>;
    private readonly maxBytes: number;

    constructor(@Inject(APP_CONFIG) config: AppConfig) {
      const dir = uploadTempDir(config.mediaDir);
      if (!sweptDirs.has(dir)) {
        sweptDirs.add(dir);
        void sweepUploadTemp(dir, STALE_UPLOAD_MS).catch(() => undefined);
      }
      this.maxBytes = typeof options.maxBytes === 'function' ? options.maxBytes(config) : options.maxBytes;
      const fields = options.maxFields ?? 10 * maxFiles;
      const upload = multer({
        storage: diskStorage({
          destination: (_req, _file, cb) =>
            void mkdir(dir, { recursive: true }).then(
              () => cb(null, dir),
              (e: Error) => cb(e, dir),
            ),
        }),
        limits: { fileSize: this.maxBytes, files: maxFiles, fields, parts: maxFiles + fields, fieldSize: options.maxFieldBytes ?? 64 * 1024 },
      });
      this.middleware = maxFiles === 1 ? upload.single(options.field) : upload.array(options.field, maxFiles);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<Request & { file?: UploadedFile; files?: UploadedFile[] }>();
      const res = context.switchToHttp().getResponse<Response>();
      await new Promise<void>((resolve, reject) => this.middleware(req, res, (err: unknown) => (err ? reject(this.toHttpError(err, req)) : resolve())));
      const files = req.file ? [req.file] : (req.files ?? []);
      try {
        for (const file of files) file.head = await readHead(file.path);
      } catch (e) {
        await removeUploads(files);
        throw e;
      }
      return next.handle().pipe(finalize(() => void removeUploads(files)));
    }

    /** multer's and busboy's refusals in the API's codes; a failing disk stays a 500 (a real fault). */
    private toHttpError(err: unknown, req: Request): Error {
      if (err instanceof MulterError) {
        const field = err.field;
        switch (err.code) {
          case 'LIMIT_FILE_SIZE':
            return new AppError(CommonError.ERR_PAYLOAD_TOO_LARGE, `The file is larger than ${megabytes(this.maxBytes)}`, [
              { field: field ?? options.field, messages: ['Too large'] },
            ]);
          case 'LIMIT_FILE_COUNT':
          case 'LIMIT_UNEXPECTED_FILE':
            return field === options.field || err.code === 'LIMIT_FILE_COUNT'
              ? invalidField(options.field, maxFiles === 1 ? 'Send one file' : `At most ${maxFiles} files`)
              : invalidField(field ?? options.field, `Unexpected file: files go in ${options.field}`);
          default:
            return field ? invalidField(field, err.message) : new AppError(CommonError.ERR_BAD_REQUEST, err.message);
        }
      }
      if (err instanceof Error && (err as NodeJS.ErrnoException).syscall) return err;
      // busboy's malformed bodies, and a body the client stopped sending (nobody reads that answer).
      const message = err instanceof Error ? err.message : String(err);
      return new AppError(CommonError.ERR_BAD_REQUEST, req.destroyed ? 'The upload was interrupted' : `Multipart: ${message}`);
    }
  }
  return mixin(UploadInterceptor);
}
