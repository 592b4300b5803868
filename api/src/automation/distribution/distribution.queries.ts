import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of automation/distribution (see src/common/tenancy/README.md). */

/** Tickets waiting for people in a queue, oldest first: pending, unassigned, no bot, agent or open menu. */
const WAITING = `select t.id from tickets t
  where t.company_id = :companyId and t.status = 'pending' and t.user_id is null and t.queue_id is not null and t.is_group = false
    and t.use_integration = false and t.prompt_id is null
    and not exists (select 1 from ticket_bots b where b.ticket_id = t.id and b.company_id = :companyId and b.stage is not null)
  order by t.updated_at, t.id limit ?`;
const ANYONE_FREE = `select u.id from users u
  where u.company_id = :companyId and u.automatic_distribution = 'habilitado' and (? = false or u.online)
    and (? = 0 or (select coalesce(sum(c.n), 0) from ticket_counts c where c.company_id = :companyId and c.status = 'open' and c.user_id = u.id) < ?)
  limit 1`;
const BOT_STAGE = 'select stage from ticket_bots where ticket_id = ? and company_id = :companyId';
const LOCK = `select pg_advisory_xact_lock(hashtext('atende:distribution'), :companyId)`;
/**
 * The fairest user with room: each user's open tickets summed from the maintained counters (`ticket_counts`, kept by
 * triggers in the same transaction), not counted (an attendant with 9,800 tickets: 21 ms, for each user of the queue).
 */
const CHOOSE = `select u.id from users u
   join user_queues uq on uq.user_id = u.id and uq.queue_id = ?
   left join lateral (select coalesce(sum(c.n), 0)::int as n from ticket_counts c
                       where c.company_id = :companyId and c.status = 'open' and c.user_id = u.id) o on true
   left join distribution_marks m on m.user_id = u.id and m.company_id = :companyId
  where u.company_id = :companyId and u.automatic_distribution = 'habilitado' and (? = false or u.online)
    and (? = 0 or o.n < ?)
  order by o.n, m.last_assigned_at nulls first, u.id
  limit 1`;
const MARK_ASSIGNED = `insert into distribution_marks (user_id, company_id, last_assigned_at) values (?, :companyId, clock_timestamp())
  on conflict (user_id) do update set last_assigned_at = excluded.last_assigned_at`;

export const STATEMENTS: Statements = {
  anyoneFree: ANYONE_FREE,
  botStage: BOT_STAGE,
  choose: CHOOSE,
  lock: LOCK,
  markAssigned: MARK_ASSIGNED,
  waiting: WAITING,
};

/** What bounds a pick: online users only, and a cap on open tickets (0: none). */
export interface Capacity {
  onlineOnly: boolean;
  capacity: number;
}

/** Up to `limit` tickets waiting for people, oldest first. */
export async function waiting(db: TenantSql, limit: number): Promise<number[]> {
  return (await db.execute<{ id: number }>(WAITING, [limit])).map((r) => r.id);
}

/** Whether any user of the company could take a ticket now. */
export async function anyoneFree(db: TenantSql, c: Capacity): Promise<boolean> {
  return (await db.execute<{ id: number }>(ANYONE_FREE, [c.onlineOnly, c.capacity, c.capacity])).length > 0;
}

/** The ticket's chatbot stage, if it has a bot row. */
export async function botStage(db: TenantSql, ticketId: number): Promise<string | null> {
  return (await db.execute<{ stage: string | null }>(BOT_STAGE, [ticketId]))[0]?.stage ?? null;
}

/** The company's distribution lock, until the transaction ends. */
export async function lockDistribution(db: TenantSql): Promise<void> {
  await db.execute(LOCK);
}

/** The user of the queue to assign next, if any has room. */
export async function choose(db: TenantSql, queueId: number, c: Capacity): Promise<number | undefined> {
  return (await db.execute<{ id: number }>(CHOOSE, [queueId, c.onlineOnly, c.capacity, c.capacity]))[0]?.id;
}

/** When the user was last given a ticket: now. */
export async function markAssigned(db: TenantSql, userId: number): Promise<void> {
  await db.execute(MARK_ASSIGNED, [userId], 'run');
}
