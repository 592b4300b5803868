import { TenantSql, tenantSql } from '../../database/tenant-sql';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';
import { likeTerm } from '../../common/pagination';
import { can, RequestContext } from '../../common/request-context';
import { Company } from '../../tenant/companies/company.entity';
import { SettingsService } from '../../tenant/settings/settings.service';
import { ListTicketsDto } from './dto/list-tickets.dto';
import { TicketPageDto } from './dto/ticket-page.dto';
import { mapTicket, TICKET_POPULATE } from './dto/ticket.dto';
import { Ticket } from './ticket.entity';
import { TicketsService, TicketViewer } from './tickets.service';

/** The manager's infinite scroll loads this many per page. */
export const TICKETS_PAGE_SIZE = 40;

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

/**
 * The SQL of a ticket list, built with bound parameters only. `page` selects the ids of one page, `totals` counts
 * the list (total) and the badges of the open and pending sub-tabs under the same filters.
 *
 * Search: the contact's name through the trigram index on lower(name) (`lower(name) like '%x%'` is served by it),
 * or, for a term that looks like a phone number, its digits through the trigram index on number; and message text through the GIN index on
 * messages.search_vector. Each runs as a subquery over its own index, never a scan of the tickets' text.
 */
export function buildTicketQueries(db: TenantSql, knex: Knex, p: TicketListParams): { page: Knex.QueryBuilder; totals: Knex.QueryBuilder } {
  const q = p.query;
  const { viewer } = p;
  const base = db.from('tickets as t');

  if (p.groups === 'only') base.where('t.is_group', true);
  if (p.groups === 'exclude') base.where('t.is_group', false);

  if (!viewer.seesAll) {
    base.where((w) => {
      if (viewer.queueIds.length) w.whereIn('t.queue_id', viewer.queueIds);
      w.orWhere('t.user_id', viewer.userId);
    });
  }
  if (q.queueIds?.length) base.where((w) => void w.whereIn('t.queue_id', q.queueIds!).orWhereNull('t.queue_id'));
  if (q.users?.length) base.whereIn('t.user_id', q.users);
  if (q.tags?.length) {
    const tags = [...new Set(q.tags)];
    base.whereIn(
      't.id',
      knex('ticket_tags').select('ticket_id').whereIn('tag_id', tags).groupBy('ticket_id').havingRaw('count(distinct tag_id) = ?', [tags.length]),
    );
  }
  if (q.withUnreadMessages === 'true') base.where('t.unread_messages', '>', 0);

  const day = (column: string, date: string) =>
    knex.raw(`${column} >= (?::date)::timestamp at time zone ? and ${column} < (?::date + 1)::timestamp at time zone ?`, [date, p.timezone, date, p.timezone]);
  if (q.date) base.whereRaw(day('t.created_at', q.date));
  if (q.updatedAt) base.whereRaw(day('t.updated_at', q.updatedAt));
  if (q.finishedAt) {
    base.whereExists(knex('ticket_trackings as tr').select(knex.raw('1')).whereRaw('tr.ticket_id = t.id').whereRaw(day('tr.finished_at', q.finishedAt)));
  }

  const term = q.searchParam?.trim();
  if (term) {
    // A term of digits and phone punctuation is a number; anything else a name. One trigram index serves each.
    const digits = phoneDigits(term);
    const contacts = db
      .from('contacts as c')
      .select('c.id')
      .whereRaw(digits ? 'c.number like ?' : 'lower(c.name) like ?', [likeTerm(digits ?? term.toLowerCase())]);
    const tsquery = prefixTsQuery(term);
    base.where((w) => {
      w.whereIn('t.contact_id', contacts);
      if (tsquery) {
        w.orWhereIn('t.id', db.from('messages as m').select('m.ticket_id').whereRaw("m.search_vector @@ to_tsquery('simple', ?)", [tsquery]));
      }
    });
  }

  // The open sub-tab shows the caller's own tickets unless showAll is on; pending and closed show the visible set.
  const openRule = p.showAll ? knex.raw("t.status = 'open'") : knex.raw("t.status = 'open' and t.user_id = ?", [viewer.userId]);
  const listRule = q.status === 'open' ? openRule : q.status ? knex.raw('t.status = ?', [q.status]) : knex.raw('true');

  const offset = ((q.pageNumber ?? 1) - 1) * TICKETS_PAGE_SIZE;
  const page = base
    .clone()
    .select('t.id')
    .whereRaw(listRule)
    .orderBy([
      { column: 't.updated_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(TICKETS_PAGE_SIZE)
    .offset(offset);
  const totals = base
    .clone()
    .select(
      knex.raw('count(*) filter (where ?)::int as total', [listRule]),
      knex.raw('count(*) filter (where ?)::int as open', [openRule]),
      knex.raw("count(*) filter (where t.status = 'pending')::int as pending"),
    );
  return { page, totals };
}

/**
 * `GET /tickets` and `GET /tickets/groups`.
 *
 * Groups, as we read the settings: with `groupsTab` enabled, group tickets have their own tab (`/tickets/groups`)
 * and stay out of `/tickets`; with it disabled, `CheckMsgIsGroup` enabled means group messages are ignored, so any
 * group ticket left stays hidden, and disabled means groups are listed with the other tickets. `isGroup` overrides
 * both for `/tickets`; `/tickets/groups` always lists group tickets only.
 *
 * showAll is honoured only with `tickets-manager:showall` and defaults to on for those who have it. Without it the
 * open list shows the caller's own tickets; pending, closed and search (no status) lists show every ticket the
 * caller can see (for a plain user: their queues' tickets whoever has them, plus their own).
 */
@Injectable()
export class TicketSearchService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly settings: SettingsService,
  ) {}

  list(ctx: RequestContext, query: ListTicketsDto): Promise<TicketPageDto> {
    return this.run(ctx, query, false);
  }

  listGroups(ctx: RequestContext, query: ListTicketsDto): Promise<TicketPageDto> {
    return this.run(ctx, query, true);
  }

  async params(ctx: RequestContext, query: ListTicketsDto, groupsRoute: boolean): Promise<TicketListParams> {
    const [viewer, groups, company] = await Promise.all([
      this.tickets.viewer(ctx),
      this.groupMode(ctx, query, groupsRoute),
      this.em.findOneOrFail(Company, { id: ctx.companyId }, { fields: ['timezone'] }),
    ]);
    const showAll = can(ctx, 'tickets-manager:showall') && query.showAll !== 'false';
    return { viewer, showAll, groups, timezone: company.timezone, query };
  }

  private async run(ctx: RequestContext, query: ListTicketsDto, groupsRoute: boolean): Promise<TicketPageDto> {
    const knex = this.em.getKnex();
    const { page, totals } = buildTicketQueries(tenantSql(this.em, ctx.companyId), knex, await this.params(ctx, query, groupsRoute));
    const [rows, [sums]] = await Promise.all([
      page as unknown as Promise<{ id: number }[]>,
      totals as unknown as Promise<{ total: number; open: number; pending: number }[]>,
    ]);
    const ids = rows.map((r) => r.id);
    const found = ids.length
      ? await this.em.find(Ticket, { id: { $in: ids }, companyId: ctx.companyId }, { populate: TICKET_POPULATE, strategy: 'select-in' })
      : [];
    const byId = new Map(found.map((t) => [t.id, t]));
    const tickets = ids.flatMap((id) => {
      const t = byId.get(id);
      return t ? [mapTicket(t)] : [];
    });
    const offset = ((query.pageNumber ?? 1) - 1) * TICKETS_PAGE_SIZE;
    return {
      tickets,
      count: sums.total,
      hasMore: offset + ids.length < sums.total,
      counts: { open: sums.open, pending: sums.pending },
    };
  }

  private async groupMode(ctx: RequestContext, query: ListTicketsDto, groupsRoute: boolean): Promise<GroupMode> {
    if (groupsRoute || query.isGroup === 'true') return 'only';
    if (query.isGroup === 'false') return 'exclude';
    const [groupsTab, ignoreGroups] = await Promise.all([
      this.settings.valueOf(ctx.companyId, 'groupsTab'),
      this.settings.valueOf(ctx.companyId, 'CheckMsgIsGroup'),
    ]);
    return groupsTab === 'enabled' || ignoreGroups === 'enabled' ? 'exclude' : 'any';
  }
}
