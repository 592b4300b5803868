import type { Statements } from '../../database/sql-statements';
import type { TenantSql } from '../../database/tenant-sql';

/** Every tenant statement of campaign/schedules (see src/database/README.md; the sweeper's are platform-wide). */

const CLAIM_DUE = `select id from schedules where id = ? and company_id = :companyId and status = 'PENDENTE' and send_at = ? for update skip locked`;

export const STATEMENTS: Statements = { claimDue: CLAIM_DUE };

/** Locks the schedule while it is still pending for `sendAt` (skipped when another send holds it): whether it did. */
export async function claimDue(db: TenantSql, scheduleId: number, sendAt: Date): Promise<boolean> {
  return (await db.execute<{ id: number }>(CLAIM_DUE, [scheduleId, sendAt])).length > 0;
}
