import type { Statements } from '../../common/tenancy/sql-statements';
import type { PlatformSql } from '../../common/tenancy/platform-sql';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of campaign/schedules (see src/common/tenancy/README.md): the send's claim, and the sweeper's platform ones. */

const CLAIM_DUE = `select id from schedules where id = ? and company_id = :companyId and status = 'PENDENTE' and send_at = ? for update skip locked`;

export const STATEMENTS: Statements = () => ({
  claimDue: CLAIM_DUE,
  sweepDue: { sql: SWEEP_DUE, platform: SWEEPER },
  sweepUnsent: { sql: SWEEP_UNSENT, platform: SWEEPER },
});

/** Locks the schedule while it is still pending for `sendAt` (skipped when another send holds it): whether it did. */
export async function claimDue(db: TenantSql, scheduleId: number, sendAt: Date): Promise<boolean> {
  return (await db.execute<{ id: number }>(CLAIM_DUE, [scheduleId, sendAt])).length > 0;
}

// --- the sweeper's platform statements: every company's due schedules and lost sends (each row carries its company) ---

const SWEEP_DUE = `select id, company_id, send_at from schedules where status = 'PENDENTE' and send_at <= ?`;
const SWEEP_UNSENT = `select m.id, m.company_id from schedules s join messages m on m.id = s.message_id and m.company_id = s.company_id
  where s.status = 'ENVIADA' and s.sent_at > ? and m.ack = 0 and m.provider_id is null and m.created_at < ?`;
const SWEEPER = "the platform's schedule sweeper: every company's due schedules and unqueued sent messages; each job it queues carries its row's company";

/** Pending schedules due by `horizon`. */
export function sweepDue(db: PlatformSql, horizon: Date): Promise<{ id: number; company_id: number; send_at: Date }[]> {
  return db.execute<{ id: number; company_id: number; send_at: Date }>(SWEEP_DUE, [horizon]);
}

/** Messages of schedules sent since `since`, never sent by the provider and older than `stale`. */
export function sweepUnsent(db: PlatformSql, since: Date, stale: Date): Promise<{ id: string; company_id: number }[]> {
  return db.execute<{ id: string; company_id: number }>(SWEEP_UNSENT, [since, stale]);
}
