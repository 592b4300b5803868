import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RedisClient } from '../common/infra/redis';
import { platformSql } from '../common/tenancy/platform-sql';
import { MIGRATIONS } from '../database/migrations';
import { appliedMigrations, ping } from './observability.queries';

/** How long each check may take: a readiness probe that hangs is as bad as one that fails. */
export const READY_CHECK_MS = 2000;

export interface CheckResult {
  status: 'ok' | 'fail';
  /** Why it failed. */
  reason?: string;
}

export interface ReadinessReport {
  status: 'ok' | 'fail';
  checks: { postgres: CheckResult; redis: CheckResult; migrations: CheckResult };
}

const ok: CheckResult = { status: 'ok' };
const fail = (reason: string): CheckResult => ({ status: 'fail', reason });

function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * GET /health/ready: whether this process can serve now. PostgreSQL answers a statement, Redis answers a PING (a
 * process without Redis keeps serving what does not need it, but queues, sockets across processes and sessions do
 * not work: a load balancer should prefer another), and every migration this build carries is recorded as applied (a
 * process of a newer build started before `migrate` ran must not take traffic). Each check within READY_CHECK_MS.
 */
@Injectable()
export class Readiness {
  constructor(
    private readonly em: EntityManager,
    private readonly redis: RedisClient,
  ) {}

  async check(): Promise<ReadinessReport> {
    const db = platformSql(this.em.fork());
    const [postgres, redis, migrations] = await Promise.all([
      within(READY_CHECK_MS, 'PostgreSQL', ping(db)).then(
        () => ok,
        (e: unknown) => fail(reason(e)),
      ),
      this.checkRedis(),
      within(READY_CHECK_MS, 'PostgreSQL', appliedMigrations(db)).then(pendingOf, (e: unknown) => fail(`not read: ${reason(e)}`)),
    ]);
    const checks = { postgres, redis, migrations };
    return { status: Object.values(checks).every((c) => c.status === 'ok') ? 'ok' : 'fail', checks };
  }

  private async checkRedis(): Promise<CheckResult> {
    // A connection known to be down answers at once: its commands would wait in the offline queue until they time out.
    if (!this.redis.up) return fail(`not connected (${this.redis.redis.status})`);
    return within(READY_CHECK_MS, 'Redis', this.redis.redis.ping()).then(
      () => ok,
      (e: unknown) => fail(reason(e)),
    );
  }
}

function pendingOf(applied: string[]): CheckResult {
  const done = new Set(applied);
  const pending = MIGRATIONS.map((m) => m.name).filter((name) => !done.has(name));
  return pending.length ? fail(`${pending.length} not applied: ${pending.join(', ')}`) : ok;
}
