import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ForeignKeyConstraintViolationException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Response } from 'express';
import { AppError, CommonError, ErrorDef } from './errors';

const BY_STATUS: Record<number, ErrorDef> = {
  400: CommonError.ERR_BAD_REQUEST,
  401: CommonError.ERR_SESSION_EXPIRED,
  403: CommonError.ERR_NO_PERMISSION,
  404: CommonError.ERR_NOT_FOUND,
  409: CommonError.ERR_CONFLICT,
  413: CommonError.ERR_PAYLOAD_TOO_LARGE,
  415: CommonError.ERR_UNSUPPORTED_MEDIA_TYPE,
  429: CommonError.ERR_TOO_MANY_REQUESTS,
  503: CommonError.ERR_SERVICE_UNAVAILABLE,
};

/** Turns everything thrown into `{ error, message, fields? }`; nothing but a real bug becomes a 500. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toBody(exception);
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  toBody(exception: unknown): { status: number; body: { error: string; message: string; fields?: unknown } } {
    if (exception instanceof AppError) {
      return { status: exception.getStatus(), body: exception.getResponse() as never };
    }
    if (exception instanceof ThrottlerException) {
      return this.of(CommonError.ERR_TOO_MANY_REQUESTS);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const def = BY_STATUS[status] ?? (status >= 500 ? CommonError.ERR_INTERNAL : CommonError.ERR_BAD_REQUEST);
      const response = exception.getResponse();
      // Body-parser and multer failures carry their own explanation; keep it, under our code.
      const message =
        typeof response === 'object' && response && 'message' in response && typeof response.message === 'string' ? response.message : def.message;
      return { status, body: { error: def.code, message: status === 404 ? def.message : message } };
    }
    if (exception instanceof NotFoundError) return this.of(CommonError.ERR_NOT_FOUND);
    // http-errors from Express middleware (serve-static's 404, body-parser's 413...) carry their status.
    const status = (exception as { status?: unknown; expose?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500 && (exception as { expose?: boolean }).expose) {
      return this.of(BY_STATUS[status] ?? CommonError.ERR_BAD_REQUEST);
    }
    if (exception instanceof UniqueConstraintViolationException) return this.of(CommonError.ERR_CONFLICT);
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return this.of(CommonError.ERR_CONFLICT, 'The record is still referenced by other records');
    }
    this.log.error(exception instanceof Error ? exception.stack : String(exception));
    return this.of(CommonError.ERR_INTERNAL);
  }

  private of(def: ErrorDef, message?: string) {
    return { status: def.status ?? HttpStatus.INTERNAL_SERVER_ERROR, body: { error: def.code, message: message ?? def.message } };
  }
}
