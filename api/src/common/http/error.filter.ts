import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { DriverException, ForeignKeyConstraintViolationException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
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

/**
 * PostgreSQL's answers to a value no column of its type can hold: too long for its varchar (22001), a number out of
 * its type's range (22003), bytes or characters text cannot hold (22021, 22P05).
 */
const CLIENT_VALUE_STATES = new Set(['22001', '22003', '22021', '22P05']);

/** The SQLSTATE of a database error, wrapped by MikroORM or raw from pg (tenantSql's statements). */
function sqlStateOf(exception: unknown): string | undefined {
  if (exception instanceof DriverException) return exception.code;
  const e = exception as { code?: unknown; severity?: unknown } | null;
  return e && typeof e === 'object' && typeof e.code === 'string' && typeof e.severity === 'string' ? e.code : undefined;
}

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
    // The database connection was lost under the request (a backend terminated, PostgreSQL restarting): 503, to try
    // again, not a bug; the pool opens new connections by itself.
    if (isConnectionLoss(exception)) {
      this.log.warn(`Database connection lost during a request: ${(exception as Error).message}`);
      return this.of(CommonError.ERR_SERVICE_UNAVAILABLE, 'The database connection was lost; try again');
    }
    // http-errors from Express middleware (serve-static's 404, body-parser's 413...) carry their status.
    const status = (exception as { status?: unknown; expose?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500 && (exception as { expose?: boolean }).expose) {
      return this.of(BY_STATUS[status] ?? CommonError.ERR_BAD_REQUEST);
    }
    if (exception instanceof UniqueConstraintViolationException) return this.of(CommonError.ERR_CONFLICT);
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return this.of(CommonError.ERR_CONFLICT, 'The record is still referenced by other records');
    }
    const sqlState = sqlStateOf(exception);
    if (sqlState && CLIENT_VALUE_STATES.has(sqlState)) {
      // The input passed its DTO but not its column: the client's value, so a 400; the warning says a DTO lacks a rule.
      this.log.warn(`A request value the database refused (SQLSTATE ${sqlState}): ${(exception as Error).message}`);
      return this.of(CommonError.ERR_VALIDATION, 'A value is longer than its field allows, or is not text the database can store');
    }
    this.log.error(exception instanceof Error ? exception.stack : String(exception));
    return this.of(CommonError.ERR_INTERNAL);
  }

  private of(def: ErrorDef, message?: string) {
    return { status: def.status ?? HttpStatus.INTERNAL_SERVER_ERROR, body: { error: def.code, message: message ?? def.message } };
  }
}

/**
 * A database connection lost under a request: SQLSTATE class 08 (connection exception) or 57P01-57P03 (the server
 * terminated the backend, is shutting down or starting), PostgreSQL not answering (ECONNREFUSED, ECONNRESET), as pg
 * reports it or as MikroORM wraps it, and pg's own words for a connection that died with no SQLSTATE.
 */
function isConnectionLoss(exception: unknown): boolean {
  const e = exception as { code?: unknown; message?: unknown; previous?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && (/^08/.test(code) || /^57P0[123]$/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection error and is not queryable|terminating connection due to administrator command|is not currently accepting connections/.test(
      message,
    )
  )
    return true;
  return e.previous !== undefined && e.previous !== exception && isConnectionLoss(e.previous);
}
