import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import { MESSAGE_COLUMNS, type MessageRow } from '../tickets/tickets.queries';

/**
 * Every tenant statement of ticket/ingest (see src/common/tenancy/README.md). The batch writer's (ingest-writer.ts) write
 * several companies' messages at once, each row with its own company: listed as platform SQL in tenant-scope.spec.ts.
 */

const IGNORE_GROUPS = `select s.value from settings s where s.company_id = :companyId and s.key = 'CheckMsgIsGroup'`;
const RAISE_ACK = `update messages set ack = ?, updated_at = now() where company_id = :companyId and whatsapp_id = ? and provider_id = ? and ack < ? returning ${MESSAGE_COLUMNS}`;
const CURRENT_ACK = 'select ack from messages where company_id = :companyId and whatsapp_id = ? and provider_id = ?';

/**
 * The batch writer's statements (ingest-writer.ts runs them, in order, in the transaction ingest.service.ts opens):
 * one set-based write for a batch of several companies' messages, each row with its own company.
 */
export const INGEST_BATCH_SQL = {
  duplicates: `select whatsapp_id, provider_id from messages m
      join unnest(?::int[], ?::text[]) as k(wid, pid) on m.whatsapp_id = k.wid and m.provider_id = k.pid`,
  insertContacts: `insert into contacts (company_id, name, number, is_group, whatsapp_id, created_at, updated_at)
     select c, n, num, g, w, now(), now() from unnest(?::int[], ?::text[], ?::text[], ?::bool[], ?::int[]) as u(c, n, num, g, w)
     on conflict (company_id, number) do nothing`,
  contactIds: `select c.id, c.company_id, c.number from contacts c join unnest(?::int[], ?::text[]) as u(cid, num) on c.company_id = u.cid and c.number = u.num`,
  activeTickets: `select t.id, t.contact_id, t.whatsapp_id from tickets t
       join unnest(?::int[], ?::int[], ?::int[]) as u(cid, ct, w) on t.company_id = u.cid and t.contact_id = u.ct and t.whatsapp_id = u.w
      where t.status in ('open', 'pending') or (t.status = 'closed' and t.rating_until > now())
      order by t.status <> 'closed'`,
  openTickets: `with q as (
         select whatsapp_id, case when count(*) = 1 then min(queue_id) end as queue_id
           from whatsapp_queues where whatsapp_id = any(?::int[]) group by whatsapp_id),
       t as (
         insert into tickets (uuid, company_id, status, is_group, contact_id, queue_id, whatsapp_id, unread_messages, created_at, updated_at)
         select gen_random_uuid(), u.cid, 'pending', u.g, u.ct, q.queue_id, u.w, 0, now(), now()
           from unnest(?::int[], ?::int[], ?::int[], ?::bool[]) as u(cid, ct, w, g) left join q on q.whatsapp_id = u.w
         returning id, company_id, contact_id, whatsapp_id, queue_id),
       tr as (
         insert into ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, queued_at, created_at)
         select company_id, id, whatsapp_id, queue_id, now(), now() from t)
       select id, contact_id, whatsapp_id from t`,
  insertMessages: `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, from_me, read, media_type,
                           media_path, media_name, data_json, quoted_msg_id, ack, source, participant, created_at, updated_at)
     select u.cid, u.tid, u.ct, u.w, u.pid, u.body, u.fm, u.fm, u.mt, u.mp, u.mn, u.dj::jsonb,
            (select q.id from messages q where q.whatsapp_id = u.w and q.provider_id = u.qp limit 1),
            case when u.fm then 2 else 0 end, case when u.fm then 'attendant' else 'contact' end, u.pt, u.ts, now()
       from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::bool[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
            with ordinality as u(cid, tid, ct, w, pid, body, fm, mt, mp, mn, dj, qp, pt, ts, ord)
      order by u.ord
     returning ${MESSAGE_COLUMNS}`,
  raiseCounters: `update tickets t set last_message = u.last, unread_messages = t.unread_messages + u.n, updated_at = now()
       from unnest(?::int[], ?::text[], ?::int[]) as u(id, last, n) where t.id = u.id`,
  quoted: `select ${MESSAGE_COLUMNS} from messages where id = any(?::bigint[])`,
  /** The providers of connections this process has not seen yet (a connection's provider never changes). */
  providers: `select id, provider from whatsapps where id = any(?::int[])`,
  /** The official API's 24-hour window (ticket/official): the customers' last inbound message per official connection and number. */
  openWindows: `insert into customer_windows (company_id, whatsapp_id, contact_number, last_inbound_at)
     select u.cid, u.w, u.num, max(least(u.ts, now())) from unnest(?::int[], ?::int[], ?::text[], ?::timestamptz[]) as u(cid, w, num, ts)
      group by u.cid, u.w, u.num
     on conflict (whatsapp_id, contact_number) do update set last_inbound_at = greatest(customer_windows.last_inbound_at, excluded.last_inbound_at)`,
};
const BATCH = "one set-based write for a batch of several companies' messages (ingest-writer.ts): every row carries its own CompanyId";

export const STATEMENTS: Statements = () => ({
  currentAck: CURRENT_ACK,
  ignoreGroups: IGNORE_GROUPS,
  raiseAck: RAISE_ACK,
  ...Object.fromEntries(Object.entries(INGEST_BATCH_SQL).map(([name, sql]) => [`batch: ${name}`, { sql, platform: BATCH }])),
});

/** The stored CheckMsgIsGroup setting, prepared (every batch reads it). */
export async function ignoreGroupsSetting(db: TenantSql): Promise<string | undefined> {
  return (await db.prepared<{ value: string }>('ingest-ignore-groups', IGNORE_GROUPS))[0]?.value;
}

/** Raises a message's ack (never lowers it): the message's row when it rose. */
export function raiseAck(db: TenantSql, whatsappId: number, providerId: string, ack: number): Promise<MessageRow[]> {
  return db.execute<MessageRow>(RAISE_ACK, [ack, whatsappId, providerId, ack]);
}

/** A message's ack; undefined when it is not stored. */
export async function currentAck(db: TenantSql, whatsappId: number, providerId: string): Promise<number | undefined> {
  return (await db.execute<{ ack: number }>(CURRENT_ACK, [whatsappId, providerId]))[0]?.ack;
}
