import type { Knex } from '@mikro-orm/knex';
import type { Statements } from '../../common/tenancy/sql-statements';
import { renderingSql, renderSql } from '../../common/tenancy/sql-statements';
import { runBuilt, type TenantSql } from '../../common/tenancy/tenant-sql';
import type { CompanyId } from '../../common/tenancy/company-id';
import type { ContactDto } from '../contacts/dto/contact.dto';
import type { MessageDto } from '../messages/dto/message.dto';
import type { TicketDto } from './dto/ticket.dto';
import { likeTerm } from '../../common/http/pagination.rules';
import type { ListTicketsDto } from './dto/list-tickets.dto';
import type { TicketViewer } from './ticket-access.service';
import { GroupMode, phoneDigits, searchWords } from './tickets.rules';

/**
 * Every tenant statement of ticket/tickets (see src/common/tenancy/README.md): the ticket lists (built from parts: each
 * variant is in the snapshot), the row loaders of tickets and messages, the list's parameters, the marks and the
 * checks of an update. The search statistics read PostgreSQL's catalogue (search-statistics.service.ts).
 */

/** The manager's infinite scroll loads this many per page. */
export const TICKETS_PAGE_SIZE = 40;

/** More slices than this and one query with the OR of them is cheaper to plan than their union. */
const MAX_SLICES = 12;

/** What a list asks for; the company comes with the TenantSql the query is built on. */
export interface TicketListParams {
  viewer: TicketViewer;
  /** Effective showAll: asked for (or defaulted) and allowed. */
  showAll: boolean;
  groups: GroupMode;
  timezone: string;
  /** Every queue of the company: the caller's own tickets are read queue by queue. */
  companyQueueIds: number[];
  query: ListTicketsDto;
}

/** A condition on `tickets as t`. */
type Where = (qb: Knex.QueryBuilder) => void;

export interface TicketListQueries {
  /** Ids of the first `offset + 41` tickets of the list (a search: of its contact matches), in list order. */
  head: Knex.Raw | Knex.QueryBuilder;
  /** `offset + 41`: how many rows `head` and the search reads ask for. */
  window: number;
  /**
   * The open and pending badges (`open`, `pending`) under the list's filters, for the open and pending lists whose
   * filters need the tickets counted (a tag, unread or date filter): milliseconds, so they run beside `head`.
   */
  counts: Knex.QueryBuilder | null;
  /**
   * For the other open and pending lists, whose badges sum the maintained counters (a fraction of a millisecond):
   * `head` and the badges in one statement, one round trip. The counters' single row carries the page's rows
   * (`id`, `updated_at`, `open`, `pending`), or one row with a null id when the page is empty.
   */
  headWithCounts: Knex.Raw | null;
  /** An exact `total` for the unread list (withUnreadMessages without a status), from the partial index. */
  total: Knex.QueryBuilder | null;
  /**
   * A search's message matches, in two ways (see TicketSearchService.searchMessages); null without a search.
   * `probe`: the offset's and SEARCH_PROBE more recent tickets; `walk`: the next ones, up to offset + SEARCH_WALK.
   */
  messages: { probe: Knex.QueryBuilder; walk: Knex.QueryBuilder; index: Knex.QueryBuilder; words: string[] } | null;
  /**
   * Whether `head` and `headWithCounts` may run as prepared statements on PostgreSQL's generic plan: a status list
   * cut in slices (a union) whose conditions are all equalities on an index's prefix (company, [user,] [queue,]
   * status), no search, tag, user, unread or date filter, so the plan that walks the slices' indexes is the best one
   * whatever the values. Planning the attendant's open list (six slices and the badges) took 0.7 ms of its 1 ms in
   * PostgreSQL. A one-slice list (a manager's) is not: PostgreSQL kept planning it with its values anyway (cheaper
   * by its estimate, 0.2 ms), and each prepared statement holds about 200 KB in every connection that ran it.
   */
  prepare: boolean;
}

/**
 * How many of the most recent tickets a search walks, checking their messages, before it asks the full-text index
 * (about 50 ms when nothing is found: a phrase in 2% of the tickets fills a page within 1,900).
 */
export const SEARCH_WALK = 3000;

/**
 * The first, short walk of a search whose words are common across all companies: no match in this many recent
 * tickets means the words are rare in the caller's company, and the company's full-text index answers at once
 * (a word in 1 of 50 messages elsewhere and 14 of Big Co's million cost a failed 3,000-ticket walk, ~50 ms). A word
 * common in the company fills the page within this probe; one in 2.5% of its tickets finds none here once in 1,800
 * (then the index answers, exactly, at more cost).
 */
export const SEARCH_PROBE = 300;

/** Words in fewer messages than this share go straight to the full-text index (see SearchStatisticsService). */
export const RARE_SHARE = 0.002;

/**
 * The SQL of a ticket list, built with bound parameters only. See the README beside this file for the plans.
 *
 * Every list is read in (updated_at desc, id desc) order straight off an index and stops after the page:
 * - a list of one status is cut into slices that each match an index's prefix (one per visible queue, one per
 *   other queue and the queueless for the caller's own tickets, or the whole company for managers); each slice
 *   reads at most offset + 41 rows of (company, [user,] [queue,] status, updated_at, id) backwards and the union is
 *   merged in order;
 * - a list without a status (the unread bell, an API caller) walks (company, updated_at, id), or the partial index
 *   of unread tickets;
 * - a search reads its contact matches that way (trigram indexes on contacts), and its message matches as
 *   TicketSearchService.searchMessages says.
 * The badges sum the maintained counters of open and pending tickets (`ticket_counts`); with a tag, unread or date
 * filter they count the active tickets, from a partial covering index.
 */
export function buildTicketQueries(db: TenantSql, knex: Knex, p: TicketListParams): TicketListQueries {
  const q = p.query;
  const offset = ((q.pageNumber ?? 1) - 1) * TICKETS_PAGE_SIZE;
  const window = offset + TICKETS_PAGE_SIZE + 1;
  // Open and pending lists read a tag's links of active tickets only (see commonFilters).
  const filters = commonFilters(db, knex, p, q.status === 'open' || q.status === 'pending');
  const term = q.searchParam?.trim() || null;
  // Without showAll, the open list is the caller's own tickets.
  const ownOnly = q.status === 'open' && !p.showAll;
  const visible = visibleWhere(p, ownOnly);
  const status: Where = (qb) => void (q.status ? qb.where('t.status', q.status) : qb);
  const read = (...where: Where[]) => {
    const qb = db.from('tickets as t').select('t.id', 't.updated_at');
    for (const w of [...where, status, filters]) w(qb);
    return qb
      .orderBy([
        { column: 't.updated_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ])
      .limit(window);
  };

  let head: Knex.Raw | Knex.QueryBuilder;
  let messages: TicketListQueries['messages'] = null;
  /** The head is a union of index slices (planning it cost more than running it). */
  let union = false;
  if (term) {
    const digits = phoneDigits(term);
    const contacts = db
      .from('contacts as c')
      .select('c.id')
      .whereRaw(digits ? 'c.number like ?' : 'lower(c.name) like ?', [likeTerm(digits ?? term.toLowerCase())]);
    head = read(visible, (qb) => void qb.whereIn('t.contact_id', contacts));
    const words = searchWords(term);
    if (words.length) {
      const full = words.map((w) => `${w}:*`).join(' & ');
      // The index is asked for the longest word only (a short prefix such as `do:*` expands to thousands of
      // words); every word is then checked on the rows it found, with the function form the index does not take.
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
      const matches = (qb: Knex.QueryBuilder) => void qb.whereRaw("ts_match_vq(m.search_vector, to_tsquery('simple', ?))", [full]);
      // The recent tickets from `from` (past the offset) to `to`, those with a matching message, in list order.
      const walkOf = (from: number, to: number) =>
        knex
          .select('r.id', 'r.updated_at')
          .from(
            read(visible)
              .offset(offset + from)
              .limit(to - from)
              .as('r'),
          )
          .whereExists(db.from('messages as m').select(knex.raw('1')).whereRaw('m.ticket_id = r.id').modify(matches))
          .orderBy([
            { column: 'r.updated_at', order: 'desc' },
            { column: 'r.id', order: 'desc' },
          ])
          .limit(window);
      const found = db
        .from('messages as m')
        .distinct('m.ticket_id')
        // The company's own entry for the word (Migration20261227140000). The words are letters and digits only, so
        // the quoted lexeme needs no escaping; they are lower-cased as the 'simple' configuration stores them.
        .whereRaw('message_company_words(m.company_id, m.search_vector) @@ ?::tsquery', [`'${db.companyId}_${longest}':*`])
        .modify(matches);
      // Materialized: the set is collected once from the index, never probed ticket by ticket.
      const index = read(visible, (qb) => void qb.whereIn('t.id', knex.select('ticket_id').from('found'))).withMaterialized('found', found);
      messages = { probe: walkOf(-offset, SEARCH_PROBE), walk: walkOf(SEARCH_PROBE, SEARCH_WALK), index, words };
    }
  } else if (q.status) {
    const slices = visibleSlices(p, ownOnly);
    union = slices.length > 1 && slices.length <= MAX_SLICES;
    head =
      slices.length === 1 || slices.length > MAX_SLICES
        ? read(slices.length === 1 ? slices[0] : visible)
        : knex.raw(`select u.id, u.updated_at from (${slices.map(() => '?').join(' union all ')}) u order by u.updated_at desc, u.id desc limit ?`, [
            ...slices.map((s) => read(s)),
            window,
          ]);
  } else {
    head = read(visible);
  }

  let counts: Knex.QueryBuilder | null = null;
  let headWithCounts: Knex.Raw | null = null;
  if (!term && (q.status === 'open' || q.status === 'pending')) {
    const openRule = p.showAll ? knex.raw("t.status = 'open'") : knex.raw("t.status = 'open' and t.user_id = ?", [p.viewer.userId]);
    // The maintained counters answer whatever filters only name a bucket's columns (queue, user, group); tags,
    // unread and dates need the tickets themselves, from the partial covering index of the active ones.
    const counters = bucketFiltersOnly(q);
    const n = counters ? 't.n' : '1';
    counts = db
      .from(counters ? 'ticket_counts as t' : 'tickets as t')
      .select(
        knex.raw(`coalesce(sum(${n}) filter (where ?), 0)::int as open`, [openRule]),
        knex.raw(`coalesce(sum(${n}) filter (where t.status = 'pending'), 0)::int as pending`),
      )
      .whereIn('t.status', ['open', 'pending']);
    visibleWhere(p, false)(counts);
    filters(counts); // the list is open or pending: tags among the active links
    if (counters) {
      headWithCounts = knex.raw('select h.id, h.updated_at, c.open, c.pending from (?) c left join (?) h on true order by h.updated_at desc, h.id desc', [
        counts,
        head,
      ]);
      counts = null;
    }
  }

  let total: Knex.QueryBuilder | null = null;
  if (!term && !q.status && q.withUnreadMessages === 'true') {
    total = db.from('tickets as t').select(knex.raw('count(*)::int as total'));
    visible(total);
    filters(total);
  }
  const prepare = union && bucketFiltersOnly(q) && !q.users?.length;
  return { head, window, counts, headWithCounts, total, messages, prepare };
}

/**
 * The tickets the viewer may see that pass the queue filter (`queueIds`: those queues, and tickets without one),
 * as disjoint slices that each match an index prefix. A manager: the company, or one slice per filtered queue plus
 * the queueless. Anyone else: one slice per own queue that passes the filter, plus their own tickets queue by queue
 * elsewhere (other queues, none). `ownOnly`: the caller's own tickets only, queue by queue.
 */
function visibleSlices(p: TicketListParams, ownOnly: boolean): Where[] {
  const { viewer } = p;
  const filter = p.query.queueIds?.length ? [...new Set(p.query.queueIds)] : null;
  const passes = (id: number) => !filter || filter.includes(id);
  const inQueue =
    (id: number): Where =>
    (qb) =>
      void qb.where('t.queue_id', id);
  const own =
    (id: number | null): Where =>
    (qb) =>
      void (id === null ? qb.where('t.user_id', viewer.userId).whereNull('t.queue_id') : qb.where('t.user_id', viewer.userId).where('t.queue_id', id));
  if (ownOnly) return [...p.companyQueueIds.filter(passes).map(own), own(null)];
  if (viewer.seesAll) return filter ? [...filter.map(inQueue), (qb) => void qb.whereNull('t.queue_id')] : [() => undefined];
  const mine = viewer.queueIds.filter(passes);
  const elsewhere = p.companyQueueIds.filter((id) => passes(id) && !viewer.queueIds.includes(id));
  return [...mine.map(inQueue), ...elsewhere.map(own), own(null)];
}

/** The same set as visibleSlices, as one condition (for counts, searches and lists without a status). */
function visibleWhere(p: TicketListParams, ownOnly: boolean): Where {
  const { viewer } = p;
  const filter = p.query.queueIds?.length ? [...new Set(p.query.queueIds)] : null;
  const queueFilter: Where = (qb) => void (filter ? qb.where((w) => void w.whereNull('t.queue_id').orWhereIn('t.queue_id', filter)) : qb);
  if (ownOnly) return (qb) => void queueFilter(qb.where('t.user_id', viewer.userId));
  if (viewer.seesAll) return queueFilter;
  const mine = filter ? viewer.queueIds.filter((id) => filter.includes(id)) : viewer.queueIds;
  return (qb) =>
    void qb.where((w) => {
      if (mine.length) void w.whereIn('t.queue_id', mine);
      void w.orWhere((x) => queueFilter(x.where('t.user_id', viewer.userId)));
    });
}

/**
 * Whether the list's filters name only columns a `ticket_counts` bucket has (status, queue, user, group), so its
 * badges can be summed from the counters (Migration20261227100000_ticket_counts) instead of counted.
 */
function bucketFiltersOnly(q: ListTicketsDto): boolean {
  return !q.tags?.length && q.withUnreadMessages !== 'true' && !q.date && !q.updatedAt && !q.finishedAt;
}

/**
 * Group mode, users, tags (all of them), unread and the dates, in the company's time zone. `active`: the tickets are
 * open or pending, so a tag is looked up among the links of active tickets (`ticket_tags.active`, kept by triggers,
 * Migration20261227150000), a partial index of a few thousand where the tag's links to closed tickets are tens of
 * thousands.
 */
function commonFilters(db: TenantSql, knex: Knex, p: TicketListParams, active: boolean): Where {
  const q = p.query;
  const day = (column: string, date: string) =>
    knex.raw(`${column} >= (?::date)::timestamp at time zone ? and ${column} < (?::date + 1)::timestamp at time zone ?`, [date, p.timezone, date, p.timezone]);
  return (qb) => {
    if (p.groups === 'only') qb.where('t.is_group', true);
    if (p.groups === 'exclude') qb.where('t.is_group', false);
    if (q.users?.length) qb.whereIn('t.user_id', q.users);
    for (const tag of new Set(q.tags ?? [])) {
      const link = knex('ticket_tags as tt').select(knex.raw('1')).whereRaw('tt.ticket_id = t.id').where('tt.tag_id', tag);
      qb.whereExists(active ? link.whereRaw('tt.active') : link);
    }
    if (q.withUnreadMessages === 'true') qb.where('t.unread_messages', '>', 0);
    if (q.date) qb.whereRaw(day('t.created_at', q.date));
    if (q.updatedAt) qb.whereRaw(day('t.updated_at', q.updatedAt));
    if (q.finishedAt) {
      // The day's finished tickets first, once, off the company's (company_id, finished_at) index, then the list's
      // order over them. As an EXISTS, the planner walked the company's tickets and probed each one's trackings: Big
      // Co's closed list finished on one day (1,602 of 200,000) took 223 to 400 ms that way, 16 to 26 ms this way.
      qb.whereRaw('t.id = any(array(?))', [db.from('ticket_trackings as tr').select('tr.ticket_id').whereRaw(day('tr.finished_at', q.finishedAt))]);
    }
  };
}

/**
 * Runs a built list read (a query builder or raw, on the executor's knex, never in a transaction): its rows. Compiled
 * by knex, sent by the pool's pg client itself (runBuilt): knex's runner cost about as much CPU again as the driver.
 * `prepare`: the list's shape may keep a generic plan (TicketListQueries.prepare).
 */
export function listRows<T>(query: Knex.QueryBuilder | Knex.Raw, prepare = false): Promise<T[]> {
  return runBuilt<T>(query, { prepare });
}

// --- the list's parameters ---

/**
 * Everything a list needs to know besides the query, in one round trip: the company's time zone, the two group
 * settings and the caller's queues (none when `seesAll`), and the company's queues.
 */
const LIST_PARAMS = `select c.timezone,
        (select s.value from settings s where s.company_id = :companyId and s.key = 'groupsTab') as groups_tab,
        (select s.value from settings s where s.company_id = :companyId and s.key = 'CheckMsgIsGroup') as ignore_groups,
        array(select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id
               where uq.user_id = ? and q.company_id = :companyId and not ? order by uq.queue_id) as queue_ids,
        array(select q.id from queues q where q.company_id = :companyId order by q.id) as company_queue_ids
   from companies c where c.id = :companyId`;

export interface ListParamsRow {
  timezone: string;
  groups_tab: string | null;
  ignore_groups: string | null;
  queue_ids: number[];
  company_queue_ids: number[];
}

export async function listParams(db: TenantSql, userId: number, seesAll: boolean): Promise<ListParamsRow> {
  const [row] = await db.prepared<ListParamsRow>('ticket-list-params', LIST_PARAMS, [userId, seesAll]);
  return row;
}

// --- the row loaders: ticket and message DTOs straight from SQL rows, one query per batch ---

/** A contact `c`'s columns as ContactRow names them (the row's `company_id` is the reader's own). */
export const CONTACT_COLUMNS = `c.id as contact_id, c.name as contact_name, c.number as contact_number, c.email as contact_email,
         c.profile_pic_url as contact_pic, c.is_group as contact_is_group, c.whatsapp_id as contact_whatsapp_id,
         c.created_at as contact_created_at, c.updated_at as contact_updated_at`;

/**
 * The hot path's read side (ticket-rows.ts maps the rows): `ids` is the condition on a ticket id column,
 * `= any(?::int[])` for a batch, `= ?` for one ticket. `source`: where the tickets are read, `tickets t` or a
 * statement's own CTE named `t` (a row it just changed, RETURNING *).
 */
export const ticketSql = (ids: string, source = 'tickets t') => `
  select t.id, t.uuid, t.status, t.is_group, t.company_id, t.last_message, t.unread_messages, t.chatbot, t.use_integration,
         t.integration_id, t.prompt_id, t.created_at, t.updated_at,
         t.user_id, u.name as user_name, t.queue_id, q.name as queue_name, q.color as queue_color,
         t.whatsapp_id, w.name as whatsapp_name, w.provider as whatsapp_provider,
         ${CONTACT_COLUMNS},
         coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value) order by f.id)
                     from contact_custom_fields f where f.contact_id = c.id and f.company_id = :companyId), '[]') as contact_extra,
         coalesce(g.tags, '[]') as tags
    from ${source}
    join contacts c on c.id = t.contact_id
    left join users u on u.id = t.user_id and u.company_id = :companyId
    left join queues q on q.id = t.queue_id and q.company_id = :companyId
    left join whatsapps w on w.id = t.whatsapp_id and w.company_id = :companyId
    left join (select tt.ticket_id, json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.id) as tags
                 from ticket_tags tt join tags g on g.id = tt.tag_id and g.company_id = :companyId
                where tt.ticket_id ${ids}
                group by tt.ticket_id) g on g.ticket_id = t.id
   where t.company_id = :companyId and t.id ${ids}`;
/**
 * Why the row loader joins the ticket's contact without its own scope: an inner join, so a scope would drop the
 * ticket itself when its contact id names another company's contact (conversation-history.e2e-spec.ts forces one and
 * its own company still reads it); the ticket is scoped and names the contact.
 */
export const TICKET_CONTACT = "the scoped ticket's own contact (inner join: a scope would drop a ticket whose contact id was forced across companies)";
const TICKETS_SQL = ticketSql('= any(?::int[])');
const ONE_TICKET_SQL = ticketSql('= ?');
/** One ticket by its uuid (GET /tickets/u/{uuid}, how the console opens a chat). */
const TICKET_BY_UUID_SQL = ticketSql('= (select k.id from tickets k where k.company_id = :companyId and k.uuid = ?::uuid)');

/**
 * A contact's columns as the row readers select them, prefixed `contact_` (`c.name as contact_name`...), with the
 * row's `company_id`: the ticket row loader and the contacts list.
 */
export interface ContactRow {
  contact_id: number;
  contact_name: string;
  contact_number: string;
  contact_email: string | null;
  contact_pic: string | null;
  contact_is_group: boolean;
  contact_whatsapp_id: number | null;
  contact_created_at: string | Date;
  contact_updated_at: string | Date;
  company_id: CompanyId;
}

/** A row of ticketSql. */
export interface TicketRow extends ContactRow {
  id: number;
  uuid: string;
  status: string;
  is_group: boolean;
  company_id: CompanyId;
  last_message: string | null;
  unread_messages: number;
  chatbot: boolean;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  user_id: number | null;
  user_name: string | null;
  queue_id: number | null;
  queue_name: string | null;
  queue_color: string | null;
  whatsapp_id: number | null;
  whatsapp_name: string | null;
  whatsapp_provider: string | null;
  contact_extra: ContactDto['extraInfo'] | string;
  tags: TicketDto['tags'] | string;
}

/**
 * Rows of tickets by id. The batch's tags are gathered in one grouped join: a subquery per ticket cost 0.2 ms more
 * for 40 (pgbench, the generic plan the prepared statement runs). One ticket (a conversation's page, most ingest
 * batches) has its own statement: for `= any(array)` of one id PostgreSQL keeps choosing a custom plan and planned
 * it on every call, 0.8 ms; `= ?` settles on the generic plan, 0.2 ms in all.
 */
/** The row of the company's ticket with this uuid (a uuid's text, checked by the caller), if any. */
export function ticketRowByUuid(db: TenantSql, uuid: string): Promise<TicketRow[]> {
  return db.prepared<TicketRow>('ticket-row-uuid', TICKET_BY_UUID_SQL, [uuid, uuid]);
}

export function ticketRows(db: TenantSql, ids: number[]): Promise<TicketRow[]> {
  return ids.length === 1
    ? db.prepared<TicketRow>('ticket-row', ONE_TICKET_SQL, [ids[0], ids[0]])
    : db.prepared<TicketRow>('ticket-rows', TICKETS_SQL, [ids, ids]);
}

/** The columns of a message row (MessageRow), for every statement that answers messages. */
export const MESSAGE_COLUMNS =
  'id, ticket_id, contact_id, body, from_me, read, media_type, media_path, media_name, data_json, quoted_msg_id, ack, is_deleted, is_edited, old_messages, source, user_id, participant, send_error, created_at, updated_at';

/** A row of MESSAGE_COLUMNS. */
export interface MessageRow {
  id: string | number;
  ticket_id: number;
  contact_id: number | null;
  body: string;
  from_me: boolean;
  read: boolean;
  media_type: MessageDto['mediaType'];
  media_path: string | null;
  media_name: string | null;
  data_json: MessageDto['dataJson'] | string | null;
  quoted_msg_id: string | number | null;
  ack: number;
  is_deleted: boolean;
  is_edited: boolean;
  old_messages: MessageDto['oldMessages'] | string | null;
  source: MessageDto['source'];
  user_id: number | null;
  participant: string | null;
  send_error: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const MESSAGES_BY_ID = `select ${MESSAGE_COLUMNS} from messages where company_id = :companyId and id = any(?::bigint[])`;

/** Message rows by id (the quoted ones of a batch). */
export function messageRowsById(db: TenantSql, ids: string[]): Promise<MessageRow[]> {
  return db.prepared<MessageRow>('message-rows', MESSAGES_BY_ID, [ids]);
}

// --- the marks: a user's pins and unread marks on tickets ---

export interface MarkRow {
  ticket_id: number;
  pinned_at: Date | string | null;
  unread: boolean;
}

const MARKS = `select ticket_id, pinned_at, unread from ticket_marks where company_id = :companyId and user_id = ?
  order by pinned_at desc nulls last, ticket_id desc limit 500`;
const SET_MARK = `insert into ticket_marks (company_id, user_id, ticket_id, pinned_at, unread, updated_at)
  values (:companyId, ?, ?, case when ?::boolean then now() end, coalesce(?::boolean, false), now())
  on conflict (user_id, ticket_id) do update set
    pinned_at = case when ?::boolean is null then ticket_marks.pinned_at when ?::boolean then coalesce(ticket_marks.pinned_at, now()) end,
    unread = coalesce(?::boolean, ticket_marks.unread),
    updated_at = now()
  returning ticket_id, pinned_at, unread`;
const DROP_EMPTY_MARK = 'delete from ticket_marks where company_id = :companyId and user_id = ? and ticket_id = ? and pinned_at is null and not unread';
const CLEAR_UNREAD = `update ticket_marks set unread = false, updated_at = now() where company_id = :companyId and user_id = ? and ticket_id = ? and unread
  returning ticket_id, pinned_at, unread`;

/** The user's marks, the newest pin first (at most 500). */
export function marks(db: TenantSql, userId: number): Promise<MarkRow[]> {
  return db.execute<MarkRow>(MARKS, [userId]);
}

/** Sets the pin and the unread mark (null: unchanged): the mark as it now is. */
export async function setMark(db: TenantSql, userId: number, ticketId: number, pinned: boolean | null, unread: boolean | null): Promise<MarkRow> {
  const [row] = await db.execute<MarkRow>(SET_MARK, [userId, ticketId, pinned, unread, pinned, pinned, unread]);
  return row;
}

/** Drops the mark when it is neither pinned nor unread. */
export async function dropEmptyMark(db: TenantSql, userId: number, ticketId: number): Promise<void> {
  await db.execute(DROP_EMPTY_MARK, [userId, ticketId]);
}

/** Clears the unread mark: the mark as it now is, or undefined when it was not unread. */
export async function clearUnread(db: TenantSql, userId: number, ticketId: number): Promise<MarkRow | undefined> {
  return (await db.execute<MarkRow>(CLEAR_UNREAD, [userId, ticketId]))[0];
}

// --- an update's checks (prompts and integrations by table name: automation owns them) ---

const PROMPT_EXISTS = 'select 1 from prompts where id = ? and company_id = :companyId';
const INTEGRATION_EXISTS = 'select 1 from queue_integrations where id = ? and company_id = :companyId';

export async function promptExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(PROMPT_EXISTS, [id])).length > 0;
}

export async function integrationExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(INTEGRATION_EXISTS, [id])).length > 0;
}

// --- the snapshot ---

/** The list variants the snapshot shows: each shape of the list's reads. */
function listVariants(): [string, TicketListParams][] {
  const manager = { userId: 5, seesAll: true, queueIds: [] };
  const attendant = { userId: 5, seesAll: false, queueIds: [1] };
  const base = { showAll: true, groups: 'any' as GroupMode, timezone: 'America/Sao_Paulo', companyQueueIds: [1, 2] };
  return [
    ['open, a manager', { ...base, viewer: manager, query: { status: 'open' } }],
    ['open, own tickets', { ...base, showAll: false, viewer: attendant, query: { status: 'open' } }],
    ['pending, an attendant', { ...base, viewer: attendant, groups: 'exclude', query: { status: 'pending' } }],
    ['pending, queues filtered', { ...base, viewer: manager, query: { status: 'pending', queueIds: [1, 2] } }],
    ['pending, many queues', { ...base, viewer: manager, query: { status: 'pending', queueIds: [...Array(13).keys()].map((i) => i + 1) } }],
    [
      'open, tag, unread and dates',
      { ...base, viewer: manager, query: { status: 'open', tags: [3], withUnreadMessages: 'true', date: '2026-01-01', updatedAt: '2026-01-02' } },
    ],
    ['closed, finished on a day, users', { ...base, viewer: attendant, groups: 'only', query: { status: 'closed', finishedAt: '2026-01-01', users: [5] } }],
    ['unread bell', { ...base, viewer: attendant, query: { withUnreadMessages: 'true' } }],
    ['search, words', { ...base, viewer: attendant, query: { searchParam: 'maria silva' } }],
    ['search, a phone number', { ...base, viewer: manager, query: { searchParam: '(11) 9999' } }],
  ];
}

export const STATEMENTS: Statements = () => {
  const { db, knex } = renderingSql();
  const list = listVariants().flatMap(([label, p]): [string, string][] => {
    const built = buildTicketQueries(db, knex, p);
    const reads: [string, Knex.QueryBuilder | Knex.Raw | null][] = [
      ['head', built.head],
      ['counts', built.counts],
      ['headWithCounts', built.headWithCounts],
      ['total', built.total],
      ['messages probe', built.messages?.probe ?? null],
      ['messages walk', built.messages?.walk ?? null],
      ['messages index', built.messages?.index ?? null],
    ];
    return reads.flatMap(([name, q]): [string, string][] => (q ? [[`list (${label}): ${name}`, renderSql(q)]] : []));
  });
  return {
    ...Object.fromEntries(list),
    clearUnread: CLEAR_UNREAD,
    dropEmptyMark: DROP_EMPTY_MARK,
    integrationExists: INTEGRATION_EXISTS,
    listParams: LIST_PARAMS,
    marks: MARKS,
    messagesById: MESSAGES_BY_ID,
    oneTicket: { sql: ONE_TICKET_SQL, unscoped: { c: TICKET_CONTACT } },
    ticketByUuid: { sql: TICKET_BY_UUID_SQL, unscoped: { c: TICKET_CONTACT } },
    promptExists: PROMPT_EXISTS,
    setMark: SET_MARK,
    tickets: { sql: TICKETS_SQL, unscoped: { c: TICKET_CONTACT } },
  };
};
