import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line written while serving one request (or running one job) says about it. Held in an
 * AsyncLocalStorage, so a service deep in a call logs it without passing it along; the JSON logger adds it to each line.
 * Who the caller is becomes known only once the guard has run, after this store was made: `caller` reads it then.
 */
export interface LogContext {
  /** The request's id; a job's is the id of the request that added it (none for a job a sweep or a timer added). */
  requestId?: string;
  /** The company and user of the request, once the guard has authenticated it (undefined for a public route). */
  caller?: () => { companyId?: number; userId?: number };
  /** A job being processed: `<queue>#<id>`. */
  job?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export const logContext = {
  run<T>(context: LogContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  get(): LogContext | undefined {
    return storage.getStore();
  },
  /** The fields a log line carries for the current request or job (none outside them). */
  fields(): Record<string, string | number> {
    const context = storage.getStore();
    if (!context) return {};
    const fields: Record<string, string | number> = {};
    if (context.requestId) fields.requestId = context.requestId;
    const caller = context.caller?.();
    if (caller?.companyId !== undefined) fields.companyId = caller.companyId;
    if (caller?.userId !== undefined) fields.userId = caller.userId;
    if (context.job) fields.job = context.job;
    return fields;
  },
};

/** A request id a client or a proxy may hand us: short, and only characters that are safe in a log and a header. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,64}$/;

/** The incoming X-Request-Id when it is well-formed (a proxy's, a client's), a new one otherwise. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && WELL_FORMED.test(given) ? given : randomUUID();
}
