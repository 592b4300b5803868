import type { CompanyId } from '../common/tenancy/company-id';
import { AppError, CommonError } from '../common/http/errors';
import type { JobOptions, Queue } from 'bull';

/** Every job names the company it works for (written by the API itself); processors scope their ORM context by it. */
export interface CompanyJob {
  companyId: CompanyId;
}

export const QUEUES = {
  presence: 'presence',
  /** Outbound WhatsApp messages. */
  messages: 'messages',
  /** Billing: the repeatable job that issues invoices ahead of due dates. */
  billing: 'billing',
  /** Scheduled messages, campaign dispatch and contact-list work (imports, WhatsApp number checks). */
  campaigns: 'campaigns',
  /** Automation: bot timers (auto-close, queue redirect, menu time-out), distribution, integration deliveries (webhook, n8n). */
  automation: 'automation',
  /** Web push deliveries to browsers' push services (auth/push). */
  push: 'push',
} as const;

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/** How long an HTTP request or an ingest lane may wait for Redis to take a job. */
export const JOB_ADD_WAIT_MS = 3000;

/**
 * A job Redis did not take (unreachable, or no answer in time). Reaching an HTTP answer, it is a 503
 * ERR_SERVICE_UNAVAILABLE: the request could not be done now, and can be tried again.
 */
export class JobNotQueuedError extends AppError {
  constructor(queue: string, why: string) {
    super(CommonError.ERR_SERVICE_UNAVAILABLE, `Background work is unavailable right now (job not queued on ${queue}: ${why}); try again shortly`);
    this.name = 'JobNotQueuedError';
  }
}

/**
 * Runs a queue write (`add`, `addBulk`, `getJob`...) without hanging on a Redis that is down: fails at once while
 * the queue's connection is known to be down, and after `waitMs` otherwise. Bull's connection queues commands
 * while it reconnects, so a write that timed out here may still reach Redis a moment later: give jobs that matter
 * a jobId (adding the same id again adds nothing), and say at each call what covers a job that was not queued
 * (a PostgreSQL-backed sweep) or why its loss is acceptable.
 */
export function withQueue<T>(queue: Queue, write: () => Promise<T>, waitMs = JOB_ADD_WAIT_MS): Promise<T> {
  const status = queue.client.status;
  if (status === 'reconnecting' || status === 'close' || status === 'end')
    return Promise.reject(new JobNotQueuedError(queue.name, `Redis is unreachable (${status})`));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobNotQueuedError(queue.name, `no answer from Redis within ${waitMs} ms`)), waitMs);
  });
  // Redis's own failures (the connection lost under the write) are a JobNotQueuedError too; any other is the caller's.
  const done = write().catch((e: unknown) => {
    throw isRedisUnavailable(e) ? new JobNotQueuedError(queue.name, String(e)) : e;
  });
  // A write that fails after the timeout won is handled here, not left unhandled.
  done.catch(() => undefined);
  return Promise.race([done, timeout]).finally(() => clearTimeout(timer));
}

/** ioredis's errors for a command that could not reach Redis (as opposed to an error Redis or Bull answered). */
function isRedisUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (
    e.name === 'MaxRetriesPerRequestError' ||
    /Connection is closed|Command timed out|Stream isn't writeable|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/.test(e.message)
  );
}
