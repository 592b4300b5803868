import type { Statements } from '../../common/tenancy/sql-statements';
import type { PlatformSql } from '../../common/tenancy/platform-sql';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { MessageSlot } from './campaign.entity';
import { RECIPIENT_STATES, type RecipientRow, type RecipientState } from './campaign-recipients';
import type { DispatchIntervals, RecipientSource } from './campaigns.rules';

/** Every statement of campaign/campaigns (see src/common/tenancy/README.md): tenant ones, and the sweeper's platform ones. */

// --- the plan ---

const SOURCE_LIST = `select distinct on (i.number) i.number, i.name, i.email, i.is_whatsapp_valid as valid, i.id as ord
    from contact_list_items i where i.company_id = :companyId and i.contact_list_id = ? order by i.number, i.id`;
const SOURCE_TAG = `select distinct on (c.number) c.number, c.name, c.email, null::boolean as valid, c.id as ord
    from contacts c join tickets t on t.contact_id = c.id and t.company_id = :companyId
    join ticket_tags tt on tt.ticket_id = t.id
   where c.company_id = :companyId and tt.tag_id = ? and not c.is_group order by c.number, c.id`;
/**
 * Every recipient of a campaign in one statement: each distinct number of the source once (the unique (campaign,
 * number) keeps it so), a message slot drawn among the used ones, and its planned time as the start plus the
 * running sum of gapBefore (campaigns.rules.ts). Numbers the contact list knows to have no WhatsApp are skipped.
 */
const planSql = (source: string) => `with src as (${source}),
     numbered as (select *, row_number() over (order by ord) as n from src),
     gaps as (
       select *, case when n = 1 then 0
                      when ?::int > 0 and (n - 1) % ?::int = 0 then ?::float8
                      else ?::float8 * (0.5 + random()) end as gap
         from numbered),
     ins as (
       insert into campaign_shippings (company_id, campaign_id, number, name, email, slot, planned_at, done_at, skipped)
       select :companyId, ?, number, left(coalesce(name, ''), 100), email,
              (?::int[])[1 + floor(random() * ?)::int],
              ?::timestamptz + make_interval(secs => sum(gap) over (order by n)),
              case when valid is false then now() end,
              case when valid is false then 'no-whatsapp' end
         from gaps
       on conflict (campaign_id, number) do nothing
       returning 1)
select count(*) from ins`;
const PLAN_FROM_LIST = planSql(SOURCE_LIST);
const PLAN_FROM_TAG = planSql(SOURCE_TAG);
const SHIFT_LATE_PENDING = `with first as (select min(planned_at) as at from campaign_shippings where company_id = :companyId and campaign_id = ? and done_at is null),
     upd as (
       update campaign_shippings s set planned_at = s.planned_at + (?::timestamptz - first.at)
         from first
        where s.company_id = :companyId and s.campaign_id = ? and s.done_at is null
          and first.at < ?::timestamptz - make_interval(secs => ?::float8 / 1000)
       returning 1)
select count(*) as shifted from upd`;

// --- the dispatch ---

const NEXT_PLANNED = 'select min(planned_at) as at from campaign_shippings where company_id = :companyId and campaign_id = ? and done_at is null';
const START = `update campaigns set status = 'EM_ANDAMENTO', started_at = ?, completed_at = null, file_media = ?::jsonb, file_message = ?, updated_at = now()
  where id = ? and company_id = :companyId and status = 'PROGRAMADA' and floor(extract(epoch from scheduled_at) * 1000) = ? returning id`;
const DUE = `select id from campaign_shippings where company_id = :companyId and campaign_id = ? and done_at is null
    and planned_at <= ?::timestamptz + make_interval(secs => ?::float8 / 1000) order by planned_at, id limit ?`;
const FINISH_IF_DONE = `update campaigns c set status = 'FINALIZADA', completed_at = ?, updated_at = now()
  where c.id = ? and c.company_id = :companyId and c.status = 'EM_ANDAMENTO'
    and not exists (select 1 from campaign_shippings s where s.campaign_id = c.id and s.company_id = :companyId and s.done_at is null)
 returning c.id`;
const CLAIM_PLANNED = `update campaign_shippings s set done_at = now() from campaigns c
  where s.id = ? and s.company_id = :companyId and s.done_at is null and c.id = s.campaign_id and c.company_id = :companyId and c.status = 'EM_ANDAMENTO'
 returning s.id`;
const CONFIRM = `update campaign_shippings s set confirmed_at = now(), confirmation_reply_id = x.message_id
   from campaigns c, unnest(?::int[], ?::text[], ?::bigint[]) as x(whatsapp_id, number, message_id)
  where s.company_id = :companyId and s.number = x.number and s.confirmation_requested_at is not null and s.confirmed_at is null
    and c.id = s.campaign_id and c.company_id = :companyId and c.whatsapp_id = x.whatsapp_id and c.status <> 'CANCELADA'
 returning s.id, s.confirmation_reply_id as reply`;
const CLAIM_CONFIRMED =
  'update campaign_shippings set sent_at = now() where id = ? and company_id = :companyId and sent_at is null and confirmed_at is not null returning id';
const MESSAGE_LEFT = 'select provider_id is not null or ack <> 0 or is_deleted as left from messages where company_id = :companyId and id = ?';
const LIST_ITEM_VALID =
  'select is_whatsapp_valid as valid from contact_list_items where company_id = :companyId and contact_list_id = ? and number = ? limit 1';

// --- the list, the form and the report ---

/** The tables a campaign names by id, each read by id and company. */
export type CampaignReferenceTable = 'whatsapps' | 'contact_lists' | 'tags' | 'file_lists';
const REFERENCE_TABLES: CampaignReferenceTable[] = ['contact_lists', 'file_lists', 'tags', 'whatsapps'];
const referenceExistsSql = (table: CampaignReferenceTable) => `select id from ${table} where id = ? and company_id = :companyId`;
const namesSql = (table: CampaignReferenceTable) => `select id, name from ${table} where company_id = :companyId and id = any(?::int[])`;

/**
 * One campaign's recipients with their state, as one SQL row source: the report's list, its CSV and its counters
 * all read this, so they cannot disagree. A recipient's state is the furthest step it reached (planned, sent,
 * delivered, read, confirmed), or failed: skipped before sending, or the message that counts ended at ack -1. The
 * ack that counts is the campaign message's (`message_id`), else the confirmation request's
 * (`confirmation_message_id`): the messages sent to that recipient, whose acks the ingest keeps current.
 */
const RECIPIENTS = `
  select r.*, case
      when r.skipped is not null then 'failed'
      when r.done_at is null then 'planned'
      when r.message_ack = -1 then 'failed'
      when r.confirmed_at is not null then 'confirmed'
      when r.ack = -1 then 'failed'
      when r.ack >= 4 then 'read'
      when r.ack = 3 then 'delivered'
      else 'sent' end as state
    from (
      select s.id, s.number, s.name, s.planned_at, s.done_at, s.skipped, s.confirmation_requested_at, s.confirmed_at,
             s.sent_at as message_sent_at,
             case when s.skipped is null then coalesce(s.confirmation_requested_at, s.sent_at, s.done_at) end as sent_at,
             m.ack as message_ack, coalesce(m.ack, cm.ack) as ack
        from campaign_shippings s
        left join messages m on m.id = s.message_id and m.company_id = :companyId
        left join messages cm on cm.id = s.confirmation_message_id and cm.company_id = :companyId
       where s.company_id = :companyId and s.campaign_id = ?
    ) r`;
const REPORT_COUNTS = `select count(*) as planned,
        count(*) filter (where skipped is not null) as skipped,
        count(*) filter (where skipped = 'no-whatsapp') as no_whatsapp,
        count(*) filter (where confirmation_requested_at is not null) as confirmation_requested,
        count(*) filter (where confirmed_at is not null) as confirmed,
        count(*) filter (where message_sent_at is not null) as sent,
        count(*) filter (where message_ack >= 3) as delivered,
        count(*) filter (where message_ack = -1) as failed,
        ${RECIPIENT_STATES.map((state) => `count(*) filter (where state = '${state}') as state_${state}`).join(', ')}
   from (${RECIPIENTS}) x`;
const VALIDS_OF_LIST =
  'select count(distinct number) as n from contact_list_items where company_id = :companyId and contact_list_id = ? and is_whatsapp_valid is not false';
const VALIDS_OF_TAG = `select count(distinct c.number) as n from contacts c join tickets t on t.contact_id = c.id and t.company_id = :companyId
  join ticket_tags tt on tt.ticket_id = t.id
 where c.company_id = :companyId and tt.tag_id = ? and not c.is_group`;

/** What a recipients list is narrowed to: a state, a search of name or number (both, or none). */
export interface RecipientFilter {
  state?: RecipientState;
  /** A LIKE pattern for the name, and one for the number. */
  search?: { name: string; number: string };
}
function recipientWhere(f: RecipientFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (f.state) {
    clauses.push('state = ?');
    params.push(f.state);
  }
  if (f.search) {
    clauses.push(`(name ilike ? or number like ?)`);
    params.push(f.search.name, f.search.number);
  }
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}
const recipientPageSql = (where: string) => `select *, count(*) over () as total from (${RECIPIENTS}) x ${where} order by planned_at, id limit ? offset ?`;
const recipientCountSql = (where: string) => `select count(*) as n from (${RECIPIENTS}) x ${where}`;
const recipientCsvSql = (where: string) => `select * from (${RECIPIENTS}) x ${where} order by planned_at, id`;

const FILTERS: [string, RecipientFilter][] = [
  ['', {}],
  [' (state)', { state: 'sent' }],
  [' (search)', { search: { name: '', number: '' } }],
  [' (state, search)', { state: 'sent', search: { name: '', number: '' } }],
];

export const STATEMENTS: Statements = () => ({
  claimConfirmed: CLAIM_CONFIRMED,
  claimPlanned: CLAIM_PLANNED,
  confirm: CONFIRM,
  due: DUE,
  finishIfDone: FINISH_IF_DONE,
  listItemValid: LIST_ITEM_VALID,
  messageLeft: MESSAGE_LEFT,
  nextPlanned: NEXT_PLANNED,
  planFromList: PLAN_FROM_LIST,
  planFromTag: PLAN_FROM_TAG,
  reportCounts: REPORT_COUNTS,
  shiftLatePending: SHIFT_LATE_PENDING,
  start: START,
  validsOfList: VALIDS_OF_LIST,
  validsOfTag: VALIDS_OF_TAG,
  ...PLATFORM_STATEMENTS,
  ...Object.fromEntries(REFERENCE_TABLES.map((t) => [`referenceExists (${t})`, referenceExistsSql(t)])),
  ...Object.fromEntries(REFERENCE_TABLES.map((t) => [`names (${t})`, namesSql(t)])),
  ...Object.fromEntries(
    FILTERS.flatMap(([label, f]) => {
      const { where } = recipientWhere(f);
      return [
        [`recipientCount${label}`, recipientCountSql(where)],
        [`recipientCsv${label}`, recipientCsvSql(where)],
        [`recipientPage${label}`, recipientPageSql(where)],
      ];
    }),
  ),
});

/** Plans every recipient of a campaign (see planSql): how many were planned. */
export async function planRecipients(
  db: TenantSql,
  campaignId: number,
  source: RecipientSource,
  slots: MessageSlot[],
  intervals: DispatchIntervals,
  startAt: Date,
): Promise<number> {
  const [sql, sourceParam] = 'contactListId' in source ? [PLAN_FROM_LIST, source.contactListId] : [PLAN_FROM_TAG, source.tagId];
  const { messageInterval, longerIntervalAfter, greaterInterval } = intervals;
  const rows = await db.execute<{ count: string }>(sql, [
    sourceParam,
    longerIntervalAfter,
    longerIntervalAfter,
    greaterInterval,
    messageInterval,
    campaignId,
    `{${slots.join(',')}}`,
    slots.length,
    startAt,
  ]);
  return Number(rows[0]?.count ?? 0);
}

/** Moves the pending plan so its earliest send is `now`, when it is late by more than `slackMs`: how many moved. */
export async function shiftLatePending(db: TenantSql, campaignId: number, now: Date, slackMs: number): Promise<number> {
  const res = await db.execute<{ shifted: string }>(SHIFT_LATE_PENDING, [campaignId, now, campaignId, now, slackMs]);
  return Number(res[0]?.shifted ?? 0);
}

/** The campaign's next pending send, if any. */
export async function nextPlanned(db: TenantSql, campaignId: number): Promise<Date | null> {
  return (await db.execute<{ at: Date | null }>(NEXT_PLANNED, [campaignId]))[0]?.at ?? null;
}

/** PROGRAMADA to EM_ANDAMENTO, when still scheduled at `scheduledAt` (ms): whether it moved. */
export async function startCampaign(
  db: TenantSql,
  campaignId: number,
  scheduledAt: number,
  now: Date,
  files: unknown,
  fileMessage: string | null,
): Promise<boolean> {
  return (await db.execute<{ id: number }>(START, [now, JSON.stringify(files), fileMessage, campaignId, scheduledAt])).length > 0;
}

/** The ids of the pending sends due by `now` plus `earlyMs`, in plan order, at most `limit`. */
export async function due(db: TenantSql, campaignId: number, now: Date, earlyMs: number, limit: number): Promise<string[]> {
  return (await db.execute<{ id: string }>(DUE, [campaignId, now, earlyMs, limit])).map((r) => r.id);
}

/** EM_ANDAMENTO to FINALIZADA when no recipient is pending: whether it moved. */
export async function finishIfDone(db: TenantSql, campaignId: number, now: Date): Promise<boolean> {
  return (await db.execute<{ id: number }>(FINISH_IF_DONE, [now, campaignId])).length > 0;
}

/** Marks a planned send done while its campaign runs: whether this call claimed it. */
export async function claimPlanned(db: TenantSql, shippingId: string): Promise<boolean> {
  return (await db.execute<{ id: string }>(CLAIM_PLANNED, [shippingId])).length > 0;
}

/** Confirms the requested sends these replies answer: the confirmed shippings, with the reply's message id. */
export function confirm(
  db: TenantSql,
  replies: { whatsappId: number; number: string; messageId?: string | number | null }[],
): Promise<{ id: string; reply: string | null }[]> {
  return db.execute<{ id: string; reply: string | null }>(CONFIRM, [
    replies.map((x) => x.whatsappId),
    replies.map((x) => x.number),
    replies.map((x) => x.messageId ?? null),
  ]);
}

/** Marks a confirmed send's message sent: whether this call claimed it. */
export async function claimConfirmed(db: TenantSql, shippingId: string): Promise<boolean> {
  return (await db.execute<{ id: string }>(CLAIM_CONFIRMED, [shippingId])).length > 0;
}

/** Whether a stored message left the queue (sent, acked, or deleted); undefined when it is gone. */
export async function messageLeft(db: TenantSql, messageId: string): Promise<boolean | undefined> {
  return (await db.execute<{ left: boolean }>(MESSAGE_LEFT, [messageId]))[0]?.left;
}

/** What the contact list knows of a number's WhatsApp (null: unchecked; undefined: not in the list). */
export async function listItemValid(db: TenantSql, contactListId: number, number: string): Promise<boolean | null | undefined> {
  return (await db.execute<{ valid: boolean | null }>(LIST_ITEM_VALID, [contactListId, number]))[0]?.valid;
}

/** Whether the company has the row a campaign names. */
export async function referenceExists(db: TenantSql, table: CampaignReferenceTable, id: number): Promise<boolean> {
  return (await db.execute<{ id: number }>(referenceExistsSql(table), [id])).length > 0;
}

/** The names of the company's rows of a table, by id. */
export async function namesOf(db: TenantSql, table: CampaignReferenceTable, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.execute<{ id: number; name: string }>(namesSql(table), [`{${ids.join(',')}}`]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The report's counters, one pass over the recipients. */
export async function reportCounts(db: TenantSql, campaignId: number): Promise<Record<string, string> | undefined> {
  return (await db.execute<Record<string, string>>(REPORT_COUNTS, [campaignId]))[0];
}

/** Before the start: the distinct numbers of a contact list less those known to have no WhatsApp. */
export async function validsOfList(db: TenantSql, contactListId: number): Promise<number> {
  return Number((await db.execute<{ n: string }>(VALIDS_OF_LIST, [contactListId]))[0]?.n ?? 0);
}

/** Before the start: the distinct numbers of the contacts whose tickets carry the tag. */
export async function validsOfTag(db: TenantSql, tagId: number): Promise<number> {
  return Number((await db.execute<{ n: string }>(VALIDS_OF_TAG, [tagId]))[0]?.n ?? 0);
}

/** A page of recipients, with the filtered total. */
export function recipientPage(
  db: TenantSql,
  campaignId: number,
  filter: RecipientFilter,
  limit: number,
  offset: number,
): Promise<(RecipientRow & { total: string })[]> {
  const { where, params } = recipientWhere(filter);
  return db.execute<RecipientRow & { total: string }>(recipientPageSql(where), [campaignId, ...params, limit, offset]);
}

/** How many recipients pass the filter. */
export async function recipientCount(db: TenantSql, campaignId: number, filter: RecipientFilter): Promise<number> {
  const { where, params } = recipientWhere(filter);
  return Number((await db.execute<{ n: string }>(recipientCountSql(where), [campaignId, ...params]))[0]?.n ?? 0);
}

/** Every recipient that passes the filter, in plan order. */
export function recipientRows(db: TenantSql, campaignId: number, filter: RecipientFilter): Promise<RecipientRow[]> {
  const { where, params } = recipientWhere(filter);
  return db.execute<RecipientRow>(recipientCsvSql(where), [campaignId, ...params]);
}

// --- the sweeper's platform statements: every company's due starts and lost jobs (each row carries its company) ---

const SWEEP_DUE = `select id, company_id, status, scheduled_at from campaigns
  where (status = 'PROGRAMADA' and scheduled_at <= ?) or status = 'EM_ANDAMENTO'`;
const SWEEP_CONFIRMED = 'select id, company_id from campaign_shippings where confirmed_at is not null and sent_at is null and confirmed_at < ?';
const SWEEP_UNSENT = `select m.id, m.company_id from campaign_shippings s
   join messages m on m.id in (s.message_id, s.confirmation_message_id) and m.company_id = s.company_id
  where s.done_at > ? and m.ack = 0 and m.provider_id is null and m.created_at < ?`;
const SWEEPER = "the platform's campaign sweeper: every company's due starts and lost jobs; each job it queues carries its row's company";
const PLATFORM_STATEMENTS = {
  sweepConfirmed: { sql: SWEEP_CONFIRMED, platform: SWEEPER },
  sweepDue: { sql: SWEEP_DUE, platform: SWEEPER },
  sweepUnsent: { sql: SWEEP_UNSENT, platform: SWEEPER },
};

/** Campaigns scheduled to start by `horizon`, and the running ones. */
export function sweepDue(db: PlatformSql, horizon: Date): Promise<{ id: number; company_id: number; status: string; scheduled_at: Date }[]> {
  return db.execute<{ id: number; company_id: number; status: string; scheduled_at: Date }>(SWEEP_DUE, [horizon]);
}

/** Confirmed recipients whose message was not sent since `stale`. */
export function sweepConfirmed(db: PlatformSql, stale: Date): Promise<{ id: string; company_id: number }[]> {
  return db.execute<{ id: string; company_id: number }>(SWEEP_CONFIRMED, [stale]);
}

/** Campaign messages stored since `since`, never sent and older than `stale`. */
export function sweepUnsent(db: PlatformSql, since: Date, stale: Date): Promise<{ id: string; company_id: number }[]> {
  return db.execute<{ id: string; company_id: number }>(SWEEP_UNSENT, [since, stale]);
}
