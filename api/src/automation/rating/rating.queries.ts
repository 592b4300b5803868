import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of automation/rating (see src/common/tenancy/README.md). */

const RATE_LAST_TRACKING = `update ticket_trackings set rating = ?
  where company_id = :companyId
    and id = (select l.id from ticket_trackings l where l.ticket_id = ? and l.company_id = :companyId and l.finished_at is not null order by l.id desc limit 1)
    and rating is null`;

export const STATEMENTS: Statements = { rateLastTracking: RATE_LAST_TRACKING };

/** The ticket's last finished tracking gets the rating, unless it has one. */
export async function rateLastTracking(db: TenantSql, ticketId: number, rating: number): Promise<void> {
  await db.execute(RATE_LAST_TRACKING, [rating, ticketId], 'run');
}
