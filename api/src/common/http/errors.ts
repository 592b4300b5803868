import { HttpException } from '@nestjs/common';

export interface FieldError {
  field: string;
  messages: string[];
}

export interface ErrorDef<C extends string = string> {
  code: C;
  status: number;
  message: string;
}

const CATALOGUE = new Map<string, ErrorDef>();

/**
 * One table per (sub-)module: code -> status and default message. The code is the key, so it cannot drift.
 * Each code is defined exactly once across the API (a second definition throws at start-up): a table that
 * answers another table's code lists that definition in `reuse` instead of writing its own.
 */
export function defineErrors<T extends Record<string, { status: number; message: string }>, R extends ErrorDef = never>(
  defs: T,
  reuse: readonly R[] = [],
): { [K in keyof T & string]: ErrorDef<K> } & { [D in R as D['code']]: D } {
  const out: Record<string, ErrorDef> = {};
  for (const code of Object.keys(defs)) {
    if (CATALOGUE.has(code)) throw new Error(`${code} is defined twice: reuse the existing definition instead`);
    const def = { code, ...defs[code] };
    CATALOGUE.set(code, def);
    out[code] = def;
  }
  for (const def of reuse) out[def.code] = def;
  return out as never;
}

/** Every error code the API can answer, sorted: the contract's `ErrorCode` enum. */
export function errorCatalogue(): string[] {
  return [...CATALOGUE.keys()].sort();
}

/** The error body of every failing call: `{ error, message, fields? }`. */
export class AppError extends HttpException {
  constructor(
    readonly def: ErrorDef,
    message?: string,
    readonly fields?: FieldError[],
  ) {
    super({ error: def.code, message: message ?? def.message, ...(fields ? { fields } : {}) }, def.status);
  }
}

/** 400 ERR_VALIDATION naming each failing field: the one way a validation error is built. */
export function validationError(fields: FieldError[]): AppError {
  return new AppError(CommonError.ERR_VALIDATION, `Invalid fields: ${[...new Set(fields.map((f) => f.field))].join(', ')}`, fields);
}

/** A validation error on one field. */
export function invalidField(field: string, ...messages: string[]): AppError {
  return validationError([{ field, messages }]);
}

export const CommonError = defineErrors({
  ERR_VALIDATION: { status: 400, message: 'Some fields are invalid' },
  ERR_BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Your session has ended; please log in again' },
  ERR_TOKEN_EXPIRED: { status: 403, message: 'The access token expired; refresh it and retry' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission for this action' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, message: "This feature is not part of the company's plan" },
  // 401 like an ended session: a deactivated company's users are signed out, at login and on any later call.
  ERR_COMPANY_INACTIVE: { status: 401, message: 'This company is inactive' },
  // 402: the company's due date passed (plus SUBSCRIPTION_GRACE_DAYS); only signing in and out, the company's own
  // record and paying stay open (routes marked `whenExpired`).
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, message: "The company's subscription has expired; pay the open invoice to continue" },
  ERR_INVALID_API_TOKEN: { status: 401, message: "Missing or unknown API token: send a connection's token as 'Authorization: Bearer <token>'" },
  ERR_NOT_FOUND: { status: 404, message: 'Not found' },
  ERR_CONFLICT: { status: 409, message: 'The record conflicts with an existing one' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not accepted' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts; wait a moment and try again' },
  ERR_INTERNAL: { status: 500, message: 'An unexpected error occurred' },
  ERR_SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
});
