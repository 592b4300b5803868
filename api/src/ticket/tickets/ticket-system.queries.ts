import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/**
 * Every statement of the system's ticket changes (TicketSystemTransitionsService): the ticket's row lock, its
 * change, and its open attendance cycle. All run inside the change's transaction. Rows, not entities: the bot's
 * queue choice and automatic distribution run these for every customer who walks the menu, and loading, locking
 * and flushing the ticket and its cycle through the ORM was most of the chatbot's CPU (bench:automation).
 */

/** A ticket as the guards and changes read it, locked. */
export interface LockedTicketRow {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  is_group: boolean;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  rating_until: Date | string | null;
  updated_at: Date | string;
}

const LOCK_TICKET = `select t.id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.is_group, t.use_integration, t.integration_id,
       t.prompt_id, t.rating_until, t.updated_at
  from tickets t where t.id = ? and t.company_id = :companyId for update`;
const QUEUE_EXISTS = 'select q.id from queues q where q.id = ? and q.company_id = :companyId';
const UPDATE_TICKET = `update tickets set status = ?, user_id = ?, queue_id = ?, unread_messages = case when ? then 0 else unread_messages end,
       use_integration = ?, integration_id = ?, prompt_id = ?, rating_until = ?, updated_at = ?
 where id = ? and company_id = :companyId`;
/**
 * The open cycle's fields: each `?` pair is (whether to set it, its value). The newest unfinished cycle is the one
 * (what currentCycle picks); none updated means the ticket has none.
 */
const UPDATE_CYCLE = `update ticket_trackings set
       queue_id = case when ? then ? else queue_id end,
       user_id = case when ? then ? else user_id end,
       queued_at = case when ? then ?::timestamptz else queued_at end,
       started_at = case when ? then ?::timestamptz else started_at end,
       finished_at = case when ? then ?::timestamptz else finished_at end
 where company_id = :companyId and id = (select c.id from ticket_trackings c where c.company_id = :companyId and c.ticket_id = ? and c.finished_at is null
                                         order by c.id desc limit 1)
 returning id`;
const INSERT_CYCLE = `insert into ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, user_id, queued_at, started_at, finished_at, created_at)
  values (:companyId, ?, ?, ?, ?, ?, ?, ?, ?)`;

export const STATEMENTS: Statements = {
  insertCycle: INSERT_CYCLE,
  lockTicket: LOCK_TICKET,
  queueExists: QUEUE_EXISTS,
  updateCycle: UPDATE_CYCLE,
  updateTicket: UPDATE_TICKET,
};

/** The ticket's row under a row lock until the transaction ends; undefined when it is gone. */
export async function lockTicket(db: TenantSql, ticketId: number): Promise<LockedTicketRow | undefined> {
  return (await db.execute<LockedTicketRow>(LOCK_TICKET, [ticketId]))[0];
}

export async function queueExists(db: TenantSql, queueId: number): Promise<boolean> {
  return (await db.execute(QUEUE_EXISTS, [queueId])).length > 0;
}

/** The ticket's fields the system changes, all written (`resetUnread`: the unread badge goes to 0). */
export interface TicketFields {
  status: string;
  userId: number | null;
  queueId: number | null;
  resetUnread: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  ratingUntil: Date | null;
  updatedAt: Date;
}

export async function updateTicket(db: TenantSql, ticketId: number, f: TicketFields): Promise<void> {
  await db.execute(
    UPDATE_TICKET,
    [f.status, f.userId, f.queueId, f.resetUnread, f.useIntegration, f.integrationId, f.promptId, f.ratingUntil, f.updatedAt, ticketId],
    'run',
  );
}

/** What a change sets on the attendance cycle; a field left out keeps its value. */
export interface CycleFields {
  queueId?: number | null;
  userId?: number | null;
  queuedAt?: Date | null;
  startedAt?: Date | null;
  finishedAt?: Date | null;
}

const pair = <K extends keyof CycleFields>(f: CycleFields, k: K) => [k in f, f[k] ?? null];

/** Sets fields of the ticket's open cycle; answers whether it had one. */
export async function updateOpenCycle(db: TenantSql, ticketId: number, f: CycleFields): Promise<boolean> {
  const params = [...pair(f, 'queueId'), ...pair(f, 'userId'), ...pair(f, 'queuedAt'), ...pair(f, 'startedAt'), ...pair(f, 'finishedAt'), ticketId];
  return (await db.execute(UPDATE_CYCLE, params)).length > 0;
}

export interface NewCycle {
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  queuedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
}

export async function insertCycle(db: TenantSql, ticketId: number, c: NewCycle): Promise<void> {
  await db.execute(INSERT_CYCLE, [ticketId, c.whatsappId, c.queueId, c.userId, c.queuedAt, c.startedAt, c.finishedAt, c.createdAt], 'run');
}
