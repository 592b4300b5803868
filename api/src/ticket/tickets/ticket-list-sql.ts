import type { Knex } from '@mikro-orm/knex';
import type { TenantSql } from '../../database/tenant-sql';
import { likeTerm } from '../../common/pagination.rules';
import type { ListTicketsDto } from './dto/list-tickets.dto';
import type { TicketViewer } from './ticket-access.service';
import { GroupMode, phoneDigits, searchWords } from './tickets.rules';

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
  return { head, window, counts, headWithCounts, total, messages };
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
