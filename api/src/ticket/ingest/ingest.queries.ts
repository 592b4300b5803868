import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import { MESSAGE_COLUMNS, type MessageRow } from '../tickets/tickets.queries';

/**
 * Every tenant statement of ticket/ingest (see src/common/tenancy/README.md). The batch writer's (ingest-writer.ts) write
 * several companies' messages at once, each row with its own company: listed as platform SQL in tenant-scope.spec.ts.
 */

const IGNORE_GROUPS = `select s.value from settings s where s.company_id = :companyId and s.key = 'CheckMsgIsGroup'`;
// MESSAGE_COLUMNS of `messages m`: RAISE_ACKS's update also reads `v`, whose `ack` would make a bare `ack` ambiguous.
const MESSAGE_COLUMNS_OF_M = MESSAGE_COLUMNS.split(', ')
  .map((c) => `m.${c}`)
  .join(', ');
/**
 * Raises the acks of a batch of messages, each (connection, provider id) once, never lowering one (`m.ack < v.ack`).
 * Answers one row per item: the message's row (MESSAGE_COLUMNS) when its ack rose, and whether the message exists at
 * all (`found`). Both answers come from the statement's one snapshot: a message whose provider id another process
 * committed after the statement started is neither raised nor found, the caller's cue to park the ack.
 */
const RAISE_ACKS = `with v as (select * from unnest(?::int[], ?::text[], ?::int[]) as v(w, pid, ack)),
     up as (
       update messages m set ack = v.ack, updated_at = now() from v
        where m.company_id = :companyId and m.whatsapp_id = v.w and m.provider_id = v.pid and m.ack < v.ack
       returning m.whatsapp_id as up_w, m.provider_id as up_pid, ${MESSAGE_COLUMNS_OF_M})
select v.w, v.pid, up.*,
       up.up_w is not null or exists (select 1 from messages s where s.company_id = :companyId and s.whatsapp_id = v.w and s.provider_id = v.pid) as found
  from v left join up on up.up_w = v.w and up.up_pid = v.pid`;

/**
 * The batch writer's statements (ingest-writer.ts): a batch of several companies' messages, each row with its own
 * company, is written by one statement (`write`), so one round trip and no explicit transaction: a statement is
 * atomic, committed when its answer arrives.
 */
export const INGEST_BATCH_SQL = {
  /**
   * In order: duplicates left out (stored before, or repeated in the batch: the first counts); contacts inserted, and
   * all of the batch's read (new ones from the insert, known ones from the table); each (contact, connection)'s
   * active ticket (a closed one waiting for its rating answer counts; an open or pending one wins), or a new pending
   * one with its attendance cycle and queue (the connection's only queue); messages inserted in arrival order; the
   * official API's 24-hour window opened or extended (rows flagged `win`); counters (last message, unread) raised on
   * known tickets and set on new ones. Answers the inserted messages with each one's position in the batch (`ord`)
   * and whether its ticket is new.
   *
   * Every CTE sees the snapshot taken when the statement started. A contact, ticket or message another process
   * committed after it makes the statement fail rather than lose a row: a contact inserted meanwhile is skipped by
   * the insert and not seen by the read, so its messages have no ticket (messages.ticket_id is not null); a ticket or
   * message inserted meanwhile breaks a unique index. The writer's caller then stores the batch one message at a time.
   */
  write: `with u as (
       select * from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::bool[], ?::text[], ?::bool[], ?::text[],
                            ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::bool[])
         with ordinality as u(cid, w, pid, num, cname, grp, body, fm, mt, mp, mn, dj, qp, pt, ts, last, win, ord)),
     fresh as (
       select distinct on (u.w, u.pid) u.* from u
        where not exists (select 1 from messages m where m.whatsapp_id = u.w and m.provider_id = u.pid)
        order by u.w, u.pid, u.ord),
     new_contacts as (
       insert into contacts (company_id, name, number, is_group, whatsapp_id, created_at, updated_at)
       select distinct on (cid, num) cid, cname, num, grp, w, now(), now() from fresh order by cid, num, ord
       on conflict (company_id, number) do nothing
       returning id, company_id, number),
     contact as (
       select id, company_id, number from new_contacts
       union all
       select c.id, c.company_id, c.number from contacts c where (c.company_id, c.number) in (select cid, num from fresh)),
     fc as (select f.*, c.id as contact_id from fresh f left join contact c on c.company_id = f.cid and c.number = f.num),
     pair as (
       select contact_id, w, min(cid) as cid, bool_or(grp) as grp, (array_agg(last order by ord desc))[1] as last,
              count(*) filter (where not fm)::int as unread
         from fc where contact_id is not null group by contact_id, w),
     active as (
       select distinct on (t.contact_id, t.whatsapp_id) t.id, t.contact_id, t.whatsapp_id from tickets t
         join pair p on t.company_id = p.cid and t.contact_id = p.contact_id and t.whatsapp_id = p.w
        where t.status in ('open', 'pending') or (t.status = 'closed' and t.rating_until > now())
        order by t.contact_id, t.whatsapp_id, t.status = 'closed', t.id desc),
     q as (
       select whatsapp_id, case when count(*) = 1 then min(queue_id) end as queue_id
         from whatsapp_queues where whatsapp_id in (select w from pair) group by whatsapp_id),
     opened as (
       insert into tickets (uuid, company_id, status, is_group, contact_id, queue_id, whatsapp_id, last_message, unread_messages, created_at, updated_at)
       select gen_random_uuid(), p.cid, 'pending', p.grp, p.contact_id, q.queue_id, p.w, p.last, p.unread, now(), now()
         from pair p left join q on q.whatsapp_id = p.w
        where not exists (select 1 from active a where a.contact_id = p.contact_id and a.whatsapp_id = p.w)
       returning id, company_id, contact_id, whatsapp_id, queue_id),
     tracked as (
       insert into ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, queued_at, created_at)
       select company_id, id, whatsapp_id, queue_id, now(), now() from opened),
     raised as (
       update tickets t set last_message = p.last, unread_messages = t.unread_messages + p.unread, updated_at = now()
         from active a join pair p on p.contact_id = a.contact_id and p.w = a.whatsapp_id
        where t.id = a.id),
     ticket as (select id, contact_id, whatsapp_id from active union all select id, contact_id, whatsapp_id from opened),
     windows as (
       insert into customer_windows (company_id, whatsapp_id, contact_number, last_inbound_at)
       select cid, w, num, max(least(ts, now())) from fresh where win group by cid, w, num
       on conflict (whatsapp_id, contact_number) do update set last_inbound_at = greatest(customer_windows.last_inbound_at, excluded.last_inbound_at)),
     ins as (
       insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, from_me, read, media_type,
                             media_path, media_name, data_json, quoted_msg_id, ack, source, participant, created_at, updated_at)
       select f.cid, t.id, f.contact_id, f.w, f.pid, f.body, f.fm, f.fm, f.mt, f.mp, f.mn, f.dj::jsonb,
              (select m.id from messages m where m.whatsapp_id = f.w and m.provider_id = f.qp limit 1),
              case when f.fm then 2 else 0 end, case when f.fm then 'attendant' else 'contact' end, f.pt, f.ts, now()
         from fc f left join ticket t on t.contact_id = f.contact_id and t.whatsapp_id = f.w
        order by f.ord
       returning ${MESSAGE_COLUMNS}, whatsapp_id, provider_id)
select i.*, f.ord, i.ticket_id in (select id from opened) as ticket_created
  from ins i join fresh f on f.w = i.whatsapp_id and f.pid = i.provider_id
 order by f.ord`,
  quoted: `select ${MESSAGE_COLUMNS} from messages where id = any(?::bigint[])`,
  /** The providers of connections this process has not seen yet (a connection's provider never changes). */
  providers: `select id, provider from whatsapps where id = any(?::int[])`,
};
const BATCH = "one set-based write for a batch of several companies' messages (ingest-writer.ts): every row carries its own CompanyId";

export const STATEMENTS: Statements = () => ({
  ignoreGroups: IGNORE_GROUPS,
  raiseAcks: RAISE_ACKS,
  ...Object.fromEntries(Object.entries(INGEST_BATCH_SQL).map(([name, sql]) => [`batch: ${name}`, { sql, platform: BATCH }])),
});

/** The stored CheckMsgIsGroup setting, prepared (every batch reads it). */
export async function ignoreGroupsSetting(db: TenantSql): Promise<string | undefined> {
  return (await db.prepared<{ value: string }>('ingest-ignore-groups', IGNORE_GROUPS))[0]?.value;
}

/** What RAISE_ACKS answers for one item: `id` and the other MessageRow columns only when the ack rose. */
export type RaisedAck = { w: number; pid: string; found: boolean } & Partial<MessageRow>;

/** Raises the acks of messages (never lowers one), each (connection, provider id) given once: one row per item, in any order. */
export function raiseAcks(db: TenantSql, items: { whatsappId: number; providerId: string; ack: number }[]): Promise<RaisedAck[]> {
  return db.prepared<RaisedAck>('raise-acks', RAISE_ACKS, [items.map((i) => i.whatsappId), items.map((i) => i.providerId), items.map((i) => i.ack)]);
}
