import type { Statements } from '../../common/tenancy/sql-statements';
import type { PlatformSql } from '../../common/tenancy/platform-sql';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { TicketDto } from '../tickets/dto/ticket.dto';
import type { TicketViewer } from '../tickets/ticket-access.service';
import { MESSAGE_COLUMNS, TICKET_CONTACT, ticketSql, type MessageRow, type TicketRow } from '../tickets/tickets.queries';
import type { MediaType } from './message.entity';

/** Every statement of ticket/messages (see src/common/tenancy/README.md): tenant ones, and the outbound sweep's platform read. */

// --- a conversation's history ---

/**
 * A conversation's history: the ticket's messages and those of the contact's earlier tickets on the same connection
 * (same group flag), so a returning customer's new ticket shows what was said before, with the ticket-change
 * separators between them (spec attendance §2). Of the earlier tickets, a caller sees the ones the visibility rule
 * lets them see (their queues, their own, every one with tickets-manager:showall), or all of them when their user
 * has viewAllMessageTicket 'habilitado' (the whole history of the contact). Later tickets never show: opening an
 * old closed ticket shows the history up to it. The ticket itself was checked by the caller (TicketAccessService).
 */
const HISTORY_TICKETS = `select e.id from tickets e
  where e.company_id = :companyId and e.contact_id = ? and e.whatsapp_id is not distinct from ?::int and e.is_group = ? and e.id <= ?
    and (e.id = ? or ?::boolean or e.user_id = ? or e.queue_id = any(?::int[])
         or exists (select 1 from users u where u.id = ? and u.company_id = :companyId and u.view_all_message_ticket = 'habilitado'))`;
type HistoryOf = Pick<TicketDto, 'id' | 'contactId' | 'whatsappId' | 'isGroup'>;
/** HISTORY_TICKETS' bindings, in text order. */
const historyParams = (ticket: HistoryOf, viewer: TicketViewer) => [
  ticket.contactId,
  ticket.whatsappId ?? null,
  ticket.isGroup,
  ticket.id,
  ticket.id,
  viewer.seesAll,
  viewer.userId,
  viewer.queueIds,
  viewer.userId,
];
/**
 * Why a history's walk and count read `messages w` without its own scope: the tickets come from HISTORY_TICKETS,
 * scoped to the company, and `w` is reached only through `w.ticket_id = e.id` (a ticket's messages are its
 * company's). Unscoped, the walk and the count are index-only scans of (ticket_id, created_at, id); with the scope
 * each entry fetched its row to read company_id: page 1 of a 5,000-message conversation read all 5,000 rows and
 * sorted them (5.7 ms), the count 5,000 rows (2.9 ms under load). The page's rows themselves are read scoped.
 */
const HISTORY_WALK = "the messages of the company's own history tickets (e, scoped), through w.ticket_id = e.id: an index-only walk";
/**
 * Each history ticket's messages are walked newest first off (ticket_id, created_at, id), at most offset + limit of
 * each (a lateral walk: a page reads the entries it needs, not the whole conversation), merged in order, and the
 * page's rows read by id.
 */
const HISTORY_PAGE = `select ${MESSAGE_COLUMNS} from messages
  where company_id = :companyId
    and id in (select p.id from (${HISTORY_TICKETS}) e
                 cross join lateral (select w.id, w.created_at from messages w where w.ticket_id = e.id
                                      order by w.created_at desc, w.id desc limit ?::int + ?::int) p
                order by p.created_at desc, p.id desc limit ? offset ?)
  order by created_at, id`;
const HISTORY_COUNT = `select coalesce(sum(n.count), 0)::int as count from (${HISTORY_TICKETS}) e
  cross join lateral (select count(*) as count from messages w where w.ticket_id = e.id) n`;
const HISTORY_SEARCH = `with ranked as (
    select m.id, m.ticket_id, m.body, m.from_me, m.is_deleted, m.created_at,
           (row_number() over (order by m.created_at desc, m.id desc))::int as n
      from messages m where m.company_id = :companyId and m.ticket_id in (${HISTORY_TICKETS}))
  select id, ticket_id, body, from_me, created_at, n from ranked
   where not is_deleted and body ilike ? order by n limit ?`;

/** A page of the history, oldest first. */
export function historyPage(db: TenantSql, ticket: HistoryOf, viewer: TicketViewer, limit: number, offset: number): Promise<MessageRow[]> {
  return db.prepared<MessageRow>('message-history-page', HISTORY_PAGE, [...historyParams(ticket, viewer), limit, offset, limit, offset]);
}

/** How many messages the history holds. */
export async function historyCount(db: TenantSql, ticket: HistoryOf, viewer: TicketViewer): Promise<number> {
  return (await db.prepared<{ count: number }>('message-history-count', HISTORY_COUNT, historyParams(ticket, viewer)))[0].count;
}

export interface HistoryHit {
  id: string;
  ticket_id: number;
  body: string;
  from_me: boolean;
  created_at: Date;
  n: number;
}

/** The history's messages whose text matches `pattern` (ILIKE), newest first, with their place from the newest. */
export function historySearch(db: TenantSql, ticket: HistoryOf, viewer: TicketViewer, pattern: string, max: number): Promise<HistoryHit[]> {
  return db.execute<HistoryHit>(HISTORY_SEARCH, [...historyParams(ticket, viewer), pattern, max]);
}

// --- reading and sending ---

const MARK_READ = `with m as (update messages set read = true where company_id = :companyId and ticket_id = ? and not from_me and not read returning provider_id),
     t as (update tickets set unread_messages = 0 where company_id = :companyId and id = ?)
select provider_id from m`;
// The impersonator is a super user of another company: named by id, as the session loader checks them.
const SENT_AS = `select (select u.name from users u where u.id = ? and u.company_id = :companyId) as user_name,
        (select i.name from users i where i.id = ? and i.super) as impersonator_name`;

/** Marks the ticket's customer messages read and its unread count 0: the provider ids of the messages now read. */
export async function markRead(db: TenantSql, ticketId: number): Promise<string[]> {
  const rows = await db.execute<{ provider_id: string | null }>(MARK_READ, [ticketId, ticketId]);
  return rows.flatMap((r) => (r.provider_id ? [r.provider_id] : []));
}

/** The names of the caller and of the super user acting as them. */
export async function sentAs(
  db: TenantSql,
  userId: number,
  impersonatorId: number,
): Promise<{ user_name: string | null; impersonator_name: string | null } | undefined> {
  return (await db.execute<{ user_name: string | null; impersonator_name: string | null }>(SENT_AS, [userId, impersonatorId]))[0];
}

/** A pending ticket keeps the customer's words as its preview unless an attendant sends. */
const KEEPS_CUSTOMER_PREVIEW = `status = 'pending' and last_message is not null and ?::text <> 'attendant'`;
/**
 * One outbound message and its ticket's last message in one statement: SQL, not the unit of work (every message an
 * attendant or the bot sends comes through here; the ORM cost several times the CPU of the rest, bench:ingest).
 */
const STORE_OUTBOUND = `with t as (update tickets set last_message = case when ${KEEPS_CUSTOMER_PREVIEW} then last_message else ? end, updated_at = now()
             where company_id = :companyId and id = ?
             returning *),
  m as (insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, source, user_id,
                        media_type, media_path, media_name, data_json, quoted_msg_id, send_error, created_at, updated_at)
  select :companyId, t.id, t.contact_id, t.whatsapp_id, ?, true, true, case when ?::text is null then 0 else -1 end, ?, ?, ?, ?, ?,
         ?::jsonb, ?::bigint, ?::text, now(), now() from t
  returning ${MESSAGE_COLUMNS})
  select m.*, (select to_json(d) from (${ticketSql('= ?', 't')}) d) as ticket from m`;

export interface OutboundRow {
  ticketId: number;
  source: string;
  lastMessage: string;
  body: string;
  userId: number | null;
  mediaType: string;
  mediaPath: string | null;
  mediaName: string | null;
  dataJson: string | null;
  quotedMsgId: string | null;
  /** Stored as failed with this error code (ack -1, never sent): an automatic message the official API's window refused. */
  failedWith?: string | null;
}

/** A stored outbound message's row with its ticket's row as changed (`ticket`: JSON of ticketSql's columns). */
export type StoredOutboundRow = MessageRow & { ticket: TicketRow | string | null };

/**
 * Stores the message and the ticket's preview: the message's row with its ticket's, for its event, in the same round
 * trip (none when the ticket is not the company's).
 */
export function storeOutbound(db: TenantSql, m: OutboundRow): Promise<StoredOutboundRow[]> {
  return db.execute<StoredOutboundRow>(STORE_OUTBOUND, [
    m.source,
    m.lastMessage,
    m.ticketId,
    m.body,
    m.failedWith ?? null,
    m.source,
    m.userId,
    m.mediaType,
    m.mediaPath,
    m.mediaName,
    m.dataJson,
    m.quotedMsgId,
    m.failedWith ?? null,
    m.ticketId,
    m.ticketId,
  ]);
}

// --- the send job ---

/** What the send job needs of a message, with its contact's number and the quoted message's provider id. */
export interface OutgoingRow {
  ticket_id: number;
  provider_id: string | null;
  is_deleted: boolean;
  ack: number;
  send_attempts: number;
  send_started_at: Date | null;
  whatsapp_id: number | null;
  media_type: MediaType;
  body: string;
  media_path: string | null;
  media_name: string | null;
  data_json: { ptt?: unknown; template?: { name: string; language: string; params: string[] } } | null;
  contact_number: string | null;
  quoted_provider_id: string | null;
  /** The ticket's earlier unsent outbound messages when the row was read (EARLIER_UNSENT's answer). */
  earlier_unsent: string[];
}

/**
 * The ticket's outbound messages before `id` still waiting for their first send (unsent, not failed, not deleted),
 * newest first: a send waits for those this process is sending (MessageSendProcessor.afterEarlierSends).
 */
const unsentBefore = (ticketId: string, id: string) => `select e.id::text as id from messages e
  where e.company_id = :companyId and e.ticket_id = ${ticketId} and e.id < ${id} and e.from_me and e.ack = 0 and e.provider_id is null and not e.is_deleted
  order by e.id desc limit 50`;
/**
 * The send marker of a send about to call the provider (START_SEND, TO_SEND_STARTED) on the messages row `row`: the id
 * kept across retries, the start, the count of provider calls. Qualified: TO_SEND_STARTED's update also reads `m`.
 */
const markSend = (row: string) => `send_id = coalesce(${row}.send_id, ?), send_started_at = now(), send_attempts = ${row}.send_attempts + 1`;
const TO_SEND = `select m.ticket_id, m.provider_id, m.is_deleted, m.ack, m.send_attempts, m.send_started_at, m.whatsapp_id, m.media_type, m.body,
        m.media_path, m.media_name, m.data_json, c.number as contact_number, q.provider_id as quoted_provider_id,
        array(${unsentBefore('m.ticket_id', 'm.id')}) as earlier_unsent
   from messages m
   left join contacts c on c.id = m.contact_id and c.company_id = :companyId
   left join messages q on q.id = m.quoted_msg_id and q.company_id = :companyId
  where m.company_id = :companyId and m.id = ?`;
/**
 * TO_SEND, and the send marker (START_SEND) in the same statement when nothing holds the first send back: the message
 * is unsent, not deleted or failed, has a connection and a contact, was never started (an interrupted send goes the
 * long way, with its count of provider calls), and none of its ticket's earlier unsent messages is being sent by this
 * process (`?::text[]`, the ids whose jobs run here). Answers the TO_SEND row with `started_as`, the id to send under,
 * or null when the job goes the long way (the checks on the row, the wait for earlier sends, startSend).
 */
const TO_SEND_STARTED = `with m as (${TO_SEND}),
     s as (
       update messages u set ${markSend('u')}
         from m
        where u.company_id = :companyId and u.id = ? and u.provider_id is null
          and m.provider_id is null and not m.is_deleted and m.ack >= 0 and m.whatsapp_id is not null and m.contact_number is not null
          and m.send_started_at is null and not (m.earlier_unsent && ?::text[])
       returning u.send_id)
select m.*, (select send_id from s) as started_as from m`;
const START_SEND = `update messages set ${markSend('messages')}
  where company_id = :companyId and id = ? and provider_id is null returning send_id`;
const SEND_REFUSED = 'update messages set send_started_at = null where company_id = :companyId and id = ?';
const SENT = `update messages set provider_id = ?, ack = greatest(ack, 1, ?), send_error = null, send_started_at = null, updated_at = now()
  where company_id = :companyId and id = ? returning ${MESSAGE_COLUMNS}`;
const EARLIER_UNSENT = unsentBefore('?', '?');
const CONNECTION_STATUS =
  'select w.status from messages m join whatsapps w on w.id = m.whatsapp_id and w.company_id = :companyId where m.company_id = :companyId and m.id = ?';

/**
 * The message to send, its send marker committed in the same statement when nothing holds it back (TO_SEND_STARTED):
 * `started_as` is then the id to send under. `running`: the messages whose send jobs run in this process.
 */
export async function toSendStarted(
  db: TenantSql,
  messageId: string,
  newSendId: string,
  running: string[],
): Promise<(OutgoingRow & { started_as: string | null }) | undefined> {
  return (
    await db.prepared<OutgoingRow & { started_as: string | null }>('message-to-send-started', TO_SEND_STARTED, [messageId, newSendId, messageId, running])
  )[0];
}

/** Records a send attempt (its id kept across retries): the id, or undefined when the message was sent meanwhile. */
export async function startSend(db: TenantSql, messageId: string, newSendId: string): Promise<string | undefined> {
  return (await db.execute<{ send_id: string }>(START_SEND, [newSendId, messageId]))[0]?.send_id;
}

/** The provider refused: the attempt's outcome is known. */
export async function sendRefused(db: TenantSql, messageId: string): Promise<void> {
  await db.execute(SEND_REFUSED, [messageId]);
}

/** Records the provider's id, and an ack that came before it (0: none): the message's row. */
export function recordSent(db: TenantSql, messageId: string, providerId: string, earlyAck = 0): Promise<MessageRow[]> {
  return db.execute<MessageRow>(SENT, [providerId, earlyAck, messageId]);
}

/** The ticket's earlier unsent outbound messages (at most 50, newest first), prepared. */
export async function earlierUnsent(db: TenantSql, ticketId: number, messageId: string): Promise<string[]> {
  return (await db.prepared<{ id: string }>('earlier-unsent-of-ticket', EARLIER_UNSENT, [ticketId, messageId])).map((r) => r.id);
}

/** The status of the message's connection, if it has one. */
export async function connectionStatus(db: TenantSql, messageId: string): Promise<string | undefined> {
  return (await db.execute<{ status: string }>(CONNECTION_STATUS, [messageId]))[0]?.status;
}

const IMPERSONATOR = 'the impersonator, a super user of any company: named by id and required to be super, as the session loader checks';

export const STATEMENTS: Statements = () => ({
  connectionStatus: CONNECTION_STATUS,
  expireUnsent: EXPIRE_UNSENT,
  'unsentPage (first)': { sql: UNSENT_FIRST, platform: SWEEPER },
  'unsentPage (next)': { sql: UNSENT_NEXT, platform: SWEEPER },
  earlierUnsent: EARLIER_UNSENT,
  historyCount: { sql: HISTORY_COUNT, unscoped: { w: HISTORY_WALK } },
  historyPage: { sql: HISTORY_PAGE, unscoped: { w: HISTORY_WALK } },
  historySearch: HISTORY_SEARCH,
  markRead: MARK_READ,
  sendRefused: SEND_REFUSED,
  recordSent: SENT,
  sentAs: { sql: SENT_AS, unscoped: { i: IMPERSONATOR } },
  startSend: START_SEND,
  storeOutbound: { sql: STORE_OUTBOUND, unscoped: { c: TICKET_CONTACT } },
  toSendStarted: TO_SEND_STARTED,
});

// --- the outbound sweep ---

const EXPIRE_UNSENT = `update messages set ack = -1, send_error = ?, send_started_at = null, updated_at = now()
  where company_id = :companyId and id = ? and ack = 0 and provider_id is null returning ${MESSAGE_COLUMNS}`;

/** Fails a message still unsent (ack -1, with the error code): its row, if it was still unsent. */
export function expireUnsent(db: TenantSql, messageId: string, code: string): Promise<MessageRow[]> {
  return db.execute<MessageRow>(EXPIRE_UNSENT, [code, messageId]);
}

/** How many unsent messages one read of the sweep answers. */
export const UNSENT_PAGE = 500;
const unsentSql = (after: boolean) => `select id, company_id, created_at from messages
  where from_me and ack = 0 and provider_id is null and not is_deleted and created_at < ?
    ${after ? 'and (created_at, id) > (?, ?)' : ''}
  order by created_at, id limit ${UNSENT_PAGE}`;
const UNSENT_FIRST = unsentSql(false);
const UNSENT_NEXT = unsentSql(true);
const SWEEPER = "the platform's outbound sweep: every company's unsent outbound messages whose send job is gone; each job it queues carries its row's company";

/** A page of every company's unsent outbound messages stored before `before`, after the last one read (if any). */
export function unsentPage(
  db: PlatformSql,
  before: Date,
  after?: { createdAt: Date; id: string },
): Promise<{ id: string; company_id: number; created_at: Date }[]> {
  return after
    ? db.execute<{ id: string; company_id: number; created_at: Date }>(UNSENT_NEXT, [before, after.createdAt, after.id])
    : db.execute<{ id: string; company_id: number; created_at: Date }>(UNSENT_FIRST, [before]);
}
