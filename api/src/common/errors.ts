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

/** One table per module: code -> status and default message. The code is the key, so it cannot drift. */
export function defineErrors<T extends Record<string, { status: number; message: string }>>(
  defs: T,
): { [K in keyof T & string]: ErrorDef<K> } {
  const out = {} as { [K in keyof T & string]: ErrorDef<K> };
  for (const code of Object.keys(defs) as (keyof T & string)[]) {
    out[code] = { code, ...defs[code] } as ErrorDef<typeof code>;
  }
  return out;
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

export const CommonError = defineErrors({
  ERR_VALIDATION: { status: 400, message: 'Some fields are invalid' },
  ERR_BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Your session has ended; please log in again' },
  ERR_TOKEN_EXPIRED: { status: 403, message: 'The access token expired; refresh it and retry' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission for this action' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, message: "This feature is not part of the company's plan" },
  ERR_COMPANY_INACTIVE: { status: 403, message: 'This company is inactive' },
  ERR_NOT_FOUND: { status: 404, message: 'Not found' },
  ERR_CONFLICT: { status: 409, message: 'The record conflicts with an existing one' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not accepted' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts; wait a moment and try again' },
  ERR_INTERNAL: { status: 500, message: 'An unexpected error occurred' },
  ERR_SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
});
