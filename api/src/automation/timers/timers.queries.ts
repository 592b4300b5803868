import type { Statements } from '../../common/tenancy/sql-statements';
import type { PlatformSql } from '../../common/tenancy/platform-sql';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of automation/timers (see src/common/tenancy/README.md): the timers' tenant reads, and the sweeper's platform ones. */

const MENU_EXPIRY = 'select expires_at from ticket_bots where ticket_id = ? and company_id = :companyId and stage is not null';
const DROP_EXPIRED_MENU =
  'delete from ticket_bots where ticket_id = ? and company_id = :companyId and stage is not null and expires_at <= ? returning ticket_id';
/** A ticket with the timer fields of its connection (null when it has none). */
const TIMER_TICKET = `select t.id, t.status, t.user_id, t.queue_id, t.updated_at, t.created_at, w.id as w_id, w.expires_ticket, w.expires_inactive_message,
       w.time_send_queue, w.send_id_queue
  from tickets t left join whatsapps w on w.id = t.whatsapp_id and w.company_id = :companyId
 where t.id = ? and t.company_id = :companyId`;
const OPEN_CYCLE_QUEUED_AT =
  'select queued_at from ticket_trackings where ticket_id = ? and company_id = :companyId and finished_at is null order by id desc limit 1';

export const STATEMENTS: Statements = () => ({
  dropExpiredMenu: DROP_EXPIRED_MENU,
  menuExpiry: MENU_EXPIRY,
  openCycleQueuedAt: OPEN_CYCLE_QUEUED_AT,
  timerTicket: TIMER_TICKET,
  ...PLATFORM_STATEMENTS,
});

/** When the ticket's open chatbot menu expires (null: it has none, or no expiry). */
export async function menuExpiry(db: TenantSql, ticketId: number): Promise<Date | null> {
  return (await db.execute<{ expires_at: Date | null }>(MENU_EXPIRY, [ticketId]))[0]?.expires_at ?? null;
}

/** Drops the ticket's menu when it expired by `now`: whether it did. */
export async function dropExpiredMenu(db: TenantSql, ticketId: number, now: Date): Promise<boolean> {
  return (await db.execute<{ ticket_id: number }>(DROP_EXPIRED_MENU, [ticketId, now])).length > 0;
}

export interface TimerTicketRow {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  updated_at: Date | string;
  created_at: Date | string;
  w_id: number | null;
  expires_ticket: number | null;
  expires_inactive_message: string | null;
  time_send_queue: number | null;
  send_id_queue: number | null;
}

/** The ticket and its connection's timer settings, prepared (every change of a ticket arms a timer). */
export async function timerTicket(db: TenantSql, ticketId: number): Promise<TimerTicketRow | undefined> {
  return (await db.prepared<TimerTicketRow>('timer-ticket', TIMER_TICKET, [ticketId]))[0];
}

/** When the ticket's open attendance cycle was queued, if it has one. */
export async function openCycleQueuedAt(db: TenantSql, ticketId: number): Promise<Date | null> {
  return (await db.execute<{ queued_at: Date | null }>(OPEN_CYCLE_QUEUED_AT, [ticketId]))[0]?.queued_at ?? null;
}

// --- the sweeper's platform statements: every company's due timers (each row carries its company) ---

const SWEEP_INACTIVE = `select t.id, t.company_id from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
  where t.status = 'open' and w.expires_ticket > 0 and t.updated_at <= ?::timestamptz - make_interval(mins => w.expires_ticket)
  limit 1000`;
const SWEEP_WAITING = `select t.id, t.company_id from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
  where t.status = 'pending' and t.user_id is null and w.time_send_queue > 0 and w.send_id_queue is not null
    and t.queue_id is null
    and coalesce((select tr.queued_at from ticket_trackings tr where tr.ticket_id = t.id and tr.finished_at is null order by tr.id desc limit 1), t.created_at)
        <= ?::timestamptz - make_interval(mins => w.time_send_queue)
  limit 1000`;
const SWEEP_MENUS = `select ticket_id, company_id from ticket_bots where stage is not null and expires_at <= ? limit 1000`;
const SWEEP_DISTRIBUTING = `select distinct s.company_id from settings s
  where s.key = 'AutomaticDistribution' and s.value = 'enabled'
    and exists (select 1 from tickets t where t.company_id = s.company_id and t.status = 'pending' and t.user_id is null and t.queue_id is not null)`;

const SWEEPER = "the platform's automation sweeper: every company's due timers; each timer it runs carries its row's company";
export const PLATFORM_STATEMENTS = {
  sweepDistributing: { sql: SWEEP_DISTRIBUTING, platform: SWEEPER },
  sweepInactive: { sql: SWEEP_INACTIVE, platform: SWEEPER },
  sweepMenus: { sql: SWEEP_MENUS, platform: SWEEPER },
  sweepWaiting: { sql: SWEEP_WAITING, platform: SWEEPER },
};

/** Open tickets idle past their connection's expiresTicket, at most 1000. */
export function sweepInactive(db: PlatformSql, now: Date): Promise<{ id: number; company_id: number }[]> {
  return db.execute<{ id: number; company_id: number }>(SWEEP_INACTIVE, [now]);
}

/** Queueless pending tickets waiting past their connection's timeSendQueue, at most 1000. */
export function sweepWaiting(db: PlatformSql, now: Date): Promise<{ id: number; company_id: number }[]> {
  return db.execute<{ id: number; company_id: number }>(SWEEP_WAITING, [now]);
}

/** Open menus expired by `now`, at most 1000. */
export function sweepMenus(db: PlatformSql, now: Date): Promise<{ ticket_id: number; company_id: number }[]> {
  return db.execute<{ ticket_id: number; company_id: number }>(SWEEP_MENUS, [now]);
}

/** Companies distributing automatically with tickets waiting in a queue. */
export function sweepDistributing(db: PlatformSql): Promise<{ company_id: number }[]> {
  return db.execute<{ company_id: number }>(SWEEP_DISTRIBUTING);
}
