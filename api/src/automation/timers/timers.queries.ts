import type { Statements } from '../../database/sql-statements';
import type { TenantSql } from '../../database/tenant-sql';

/** Every tenant statement of automation/timers (see src/database/README.md; the sweeper's are platform-wide). */

const MENU_EXPIRY = 'select expires_at from ticket_bots where ticket_id = ? and company_id = :companyId and stage is not null';
const DROP_EXPIRED_MENU =
  'delete from ticket_bots where ticket_id = ? and company_id = :companyId and stage is not null and expires_at <= ? returning ticket_id';
const OPEN_CYCLE_QUEUED_AT =
  'select queued_at from ticket_trackings where ticket_id = ? and company_id = :companyId and finished_at is null order by id desc limit 1';

export const STATEMENTS: Statements = { dropExpiredMenu: DROP_EXPIRED_MENU, menuExpiry: MENU_EXPIRY, openCycleQueuedAt: OPEN_CYCLE_QUEUED_AT };

/** When the ticket's open chatbot menu expires (null: it has none, or no expiry). */
export async function menuExpiry(db: TenantSql, ticketId: number): Promise<Date | null> {
  return (await db.execute<{ expires_at: Date | null }>(MENU_EXPIRY, [ticketId]))[0]?.expires_at ?? null;
}

/** Drops the ticket's menu when it expired by `now`: whether it did. */
export async function dropExpiredMenu(db: TenantSql, ticketId: number, now: Date): Promise<boolean> {
  return (await db.execute<{ ticket_id: number }>(DROP_EXPIRED_MENU, [ticketId, now])).length > 0;
}

/** When the ticket's open attendance cycle was queued, if it has one. */
export async function openCycleQueuedAt(db: TenantSql, ticketId: number): Promise<Date | null> {
  return (await db.execute<{ queued_at: Date | null }>(OPEN_CYCLE_QUEUED_AT, [ticketId]))[0]?.queued_at ?? null;
}
