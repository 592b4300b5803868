import type { Knex } from '@mikro-orm/knex';
import type { TenantSql } from '../../database/tenant-sql';
import { likeTerm } from '../../common/pagination';
import type { ListTicketsDto } from './dto/list-tickets.dto';
import type { TicketViewer } from './ticket-access.service';

/** The manager's infinite scroll loads this many per page. */
export const TICKETS_PAGE_SIZE = 40;

/** More slices than this and one query with the OR of them is cheaper to plan than their union. */
const MAX_SLICES = 12;

export type GroupMode = 'only' | 'exclude' | 'any';

/** What a list asks for; the company comes with the TenantSql the query is built on. */
export interface TicketListParams {
  viewer: TicketViewer;
  /** Effective showAll: asked for (or defaulted) and allowed. */
  showAll: boolean;
  groups: GroupMode;
  timezone: string;
  query: ListTicketsDto;
}

/** Lower-cased words of letters and digits only, so the tsquery built from them has no operators of its own. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** `word:* & word:*`: every word, each as a prefix. Passed as a bound parameter to to_tsquery('simple', ?). */
export function prefixTsQuery(term: string): string | null {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The digits of a term that looks like a phone number (digits and phone punctuation only). */
export function phoneDigits(term: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits || null;
}

/** A condition on `tickets as t`. */
type Where = (qb: Knex.QueryBuilder) => void;

export interface TicketListQueries {
  /** The ids of one page plus one more (which only tells that there are more), in list order. */
  page: Knex.Raw | Knex.QueryBuilder;
  /** The open and pending badges (`open`, `pending`) under the list's filters; null for a search. */
  counts: Knex.QueryBuilder | null;
  /** An exact `total` for a list the badges do not count (the unread bell); null when not worth counting. */
  total: Knex.QueryBuilder | null;
}

/**
 * The SQL of a ticket list, built with bound parameters only (see the README beside this file for the plans).
 *
 * Every list is read in (updated_at desc, id desc) order straight off an index and stops after the page:
 * - a list of one status is cut into slices that each match an index's prefix (one per visible queue, one for
 *   the caller's own tickets elsewhere, or the whole company for managers); each slice reads at most
 *   offset + 41 rows of (company, queue | user | -, status, updated_at, id) backwards and their union is sorted;
 * - a list without a status (the unread bell, an API caller) walks (company, updated_at, id), or the partial
 *   index of unread tickets;
 * - a search is the union of two such reads: tickets of contacts whose name or number matches (trigram
 *   indexes) and tickets with a matching message (EXISTS, which the planner runs either as a walk in list order
 *   that stops at the page, for common words, or from the full-text index, for rare ones).
 * The badges count the active (open and pending) tickets only, from a partial covering index.
 */
export function buildTicketQueries(db: TenantSql, knex: Knex, p: TicketListParams): TicketListQueries {
  const q = p.query;
  const { viewer } = p;
  const offset = ((q.pageNumber ?? 1) - 1) * TICKETS_PAGE_SIZE;
  const window = offset + TICKETS_PAGE_SIZE + 1;
  const filters = commonFilters(knex, p);
  const term = q.searchParam?.trim() || null;

  // Without showAll, the open list is the caller's own tickets.
  const ownOpen = q.status === 'open' && !p.showAll;
  const slices = ownOpen ? [ownSlice(viewer.userId, q.queueIds, null)] : visibleSlices(viewer, q.queueIds);
  const visible: Where = (qb) => void qb.where((w) => slices.forEach((s) => void w.orWhere((x) => s(x))));
  const status: Where = (qb) => void (q.status ? qb.where('t.status', q.status) : qb);

  const ordered = (qb: Knex.QueryBuilder) =>
    qb
      .orderBy([
        { column: 't.updated_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ])
      .limit(window);
  const read = (...where: Where[]) => {
    const qb = db.from('tickets as t').select('t.id', 't.updated_at');
    for (const w of [...where, status, filters]) w(qb);
    return ordered(qb);
  };
  const union = (parts: Knex.QueryBuilder[], all: boolean) =>
    parts.length === 1
      ? parts[0].clone().limit(TICKETS_PAGE_SIZE + 1).offset(offset)
      : knex.raw(
          `select u.id from (${parts.map(() => '?').join(all ? ' union all ' : ' union ')}) u order by u.updated_at desc, u.id desc limit ? offset ?`,
          [...parts, TICKETS_PAGE_SIZE + 1, offset],
        );

  let page: Knex.Raw | Knex.QueryBuilder;
  if (term) {
    const digits = phoneDigits(term);
    const contacts = db
      .from('contacts as c')
      .select('c.id')
      .whereRaw(digits ? 'c.number like ?' : 'lower(c.name) like ?', [likeTerm(digits ?? term.toLowerCase())]);
    const parts = [read(visible, (qb) => void qb.whereIn('t.contact_id', contacts))];
    const tsquery = prefixTsQuery(term);
    if (tsquery) {
      const messages = db
        .from('messages as m')
        .select(knex.raw('1'))
        .whereRaw('m.ticket_id = t.id')
        .whereRaw("m.search_vector @@ to_tsquery('simple', ?)", [tsquery]);
      parts.push(read(visible, (qb) => void qb.whereExists(messages)));
    }
    page = union(parts, false);
  } else if (q.status && slices.length <= MAX_SLICES) {
    page = union(
      slices.map((s) => read(s)),
      true,
    );
  } else {
    page = union([read(visible)], true);
  }

  let counts: Knex.QueryBuilder | null = null;
  if (!term) {
    const openRule = p.showAll ? knex.raw("t.status = 'open'") : knex.raw("t.status = 'open' and t.user_id = ?", [viewer.userId]);
    // The badges' own visibility: the open badge follows showAll, so it is the slices of the visible set.
    const badgeSlices = visibleSlices(viewer, q.queueIds);
    counts = db
      .from('tickets as t')
      .select(knex.raw('count(*) filter (where ?)::int as open', [openRule]), knex.raw("count(*) filter (where t.status = 'pending')::int as pending"))
      .whereIn('t.status', ['open', 'pending'])
      .where((w) => badgeSlices.forEach((s) => void w.orWhere((x) => s(x))));
    filters(counts);
  }

  // The unread bell shows its count; the partial index of unread tickets makes it a small read.
  let total: Knex.QueryBuilder | null = null;
  if (!term && !q.status && q.withUnreadMessages === 'true') {
    total = db.from('tickets as t').select(knex.raw('count(*)::int as total'));
    visible(total);
    filters(total);
  }
  return { page, counts, total };
}

/**
 * The tickets the viewer may see that pass the queue filter (`queueIds`: those queues, and tickets without one),
 * as disjoint slices. A manager: the company, or one slice per filtered queue plus the queueless. Anyone else:
 * one slice per own queue (that passes the filter), plus their own tickets outside those queues.
 */
function visibleSlices(viewer: TicketViewer, queueFilter: number[] | undefined): Where[] {
  const filter = queueFilter?.length ? [...new Set(queueFilter)] : null;
  if (viewer.seesAll) {
    if (!filter) return [() => undefined];
    return [...filter.map((id): Where => (qb) => void qb.where('t.queue_id', id)), (qb) => void qb.whereNull('t.queue_id')];
  }
  const queues = filter ? viewer.queueIds.filter((id) => filter.includes(id)) : viewer.queueIds;
  return [...queues.map((id): Where => (qb) => void qb.where('t.queue_id', id)), ownSlice(viewer.userId, filter ?? undefined, queues)];
}

/** The viewer's own tickets that pass the queue filter, except those in `excluded` queues (other slices have them). */
function ownSlice(userId: number, queueFilter: number[] | undefined, excluded: number[] | null): Where {
  return (qb) => {
    qb.where('t.user_id', userId);
    if (queueFilter?.length) qb.where((w) => void w.whereNull('t.queue_id').orWhereIn('t.queue_id', queueFilter));
    if (excluded?.length) qb.where((w) => void w.whereNull('t.queue_id').orWhereNotIn('t.queue_id', excluded));
  };
}

/** Group mode, users, tags (all of them), unread and the dates, in the company's time zone. */
function commonFilters(knex: Knex, p: TicketListParams): Where {
  const q = p.query;
  const day = (column: string, date: string) =>
    knex.raw(`${column} >= (?::date)::timestamp at time zone ? and ${column} < (?::date + 1)::timestamp at time zone ?`, [date, p.timezone, date, p.timezone]);
  return (qb) => {
    if (p.groups === 'only') qb.where('t.is_group', true);
    if (p.groups === 'exclude') qb.where('t.is_group', false);
    if (q.users?.length) qb.whereIn('t.user_id', q.users);
    for (const tag of new Set(q.tags ?? [])) {
      qb.whereExists(knex('ticket_tags as tt').select(knex.raw('1')).whereRaw('tt.ticket_id = t.id').where('tt.tag_id', tag));
    }
    if (q.withUnreadMessages === 'true') qb.where('t.unread_messages', '>', 0);
    if (q.date) qb.whereRaw(day('t.created_at', q.date));
    if (q.updatedAt) qb.whereRaw(day('t.updated_at', q.updatedAt));
    if (q.finishedAt) {
      qb.whereExists(knex('ticket_trackings as tr').select(knex.raw('1')).whereRaw('tr.ticket_id = t.id').whereRaw(day('tr.finished_at', q.finishedAt)));
    }
  };
}
