import { tenantSql } from '../../common/tenancy/tenant-sql';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { can, RequestContext } from '../../common/access/request-context';
import { settingOrDefault } from '../../tenant/settings/setting-keys';
import { ListTicketsDto } from './dto/list-tickets.dto';
import { TicketPageDto } from './dto/ticket-page.dto';
import { buildTicketQueries, listParams, listRows as rowsOf, RARE_SHARE, TICKETS_PAGE_SIZE, TicketListParams, TicketListQueries } from './tickets.queries';
import { effectiveShowAll, groupMode, ListRow, listCount, mergeRows } from './tickets.rules';
import { SearchStatisticsService } from './search-statistics.service';
import { loadTicketDtos } from './ticket-rows';

export { TICKETS_PAGE_SIZE, buildTicketQueries } from './tickets.queries';
export type { TicketListParams } from './tickets.queries';

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
    private readonly statistics: SearchStatisticsService,
  ) {}

  list(ctx: RequestContext, query: ListTicketsDto): Promise<TicketPageDto> {
    return this.run(ctx, query, false);
  }

  listGroups(ctx: RequestContext, query: ListTicketsDto): Promise<TicketPageDto> {
    return this.run(ctx, query, true);
  }

  /**
   * Everything a list needs to know besides the query, in one round trip: the company's time zone, the two group
   * settings and the caller's queues (the rule of TicketAccessService.viewer and queueIdsOfUser).
   */
  async params(ctx: RequestContext, query: ListTicketsDto, groupsRoute: boolean): Promise<TicketListParams> {
    const seesAll = can(ctx, 'tickets-manager:showall');
    const row = await listParams(tenantSql(this.em, ctx.companyId), ctx.userId, seesAll);
    const groups = groupMode(groupsRoute, query.isGroup, settingOrDefault('groupsTab', row.groups_tab), settingOrDefault('CheckMsgIsGroup', row.ignore_groups));
    const showAll = effectiveShowAll(seesAll, query.showAll);
    return {
      viewer: { userId: ctx.userId, seesAll, queueIds: row.queue_ids },
      showAll,
      groups,
      timezone: row.timezone,
      companyQueueIds: row.company_queue_ids,
      query,
    };
  }

  private async run(ctx: RequestContext, query: ListTicketsDto, groupsRoute: boolean): Promise<TicketPageDto> {
    const db = tenantSql(this.em, ctx.companyId);
    const built = buildTicketQueries(db, db.knex, await this.params(ctx, query, groupsRoute));
    let head: ListRow[];
    let sums: { open: number; pending: number } | null = null;
    let exact: number | null = null;
    let found: ListRow[] = [];
    if (built.headWithCounts) {
      const rows = await rowsOf<ListRow & { open: number; pending: number }>(built.headWithCounts, built.prepare);
      sums = { open: rows[0].open, pending: rows[0].pending };
      head = rows[0].id === null ? [] : rows;
    } else {
      // Reads planned with their values unless the shape's plan does not depend on them (built.prepare): PostgreSQL's
      // generic plan for some list shapes reads thousands of rows (tickets/README.md, "Prepared statements, and where not").
      [head, sums, exact, found] = await Promise.all([
        rowsOf<ListRow>(built.head, built.prepare),
        built.counts ? rowsOf<{ open: number; pending: number }>(built.counts).then((r) => r[0]) : null,
        built.total ? rowsOf<{ total: number }>(built.total).then((r) => r[0].total) : null,
        built.messages ? this.searchMessages(built.messages, built.window) : [],
      ]);
    }
    const offset = ((query.pageNumber ?? 1) - 1) * TICKETS_PAGE_SIZE;
    const ids = mergeRows(head, found).slice(offset, offset + TICKETS_PAGE_SIZE + 1);
    const hasMore = ids.length > TICKETS_PAGE_SIZE;
    const pageIds = ids.slice(0, TICKETS_PAGE_SIZE);
    const dtos = await loadTicketDtos(db, pageIds);
    const tickets = pageIds.flatMap((id) => dtos.get(id) ?? []);
    return { tickets, count: listCount(query.status, offset + pageIds.length, sums, exact), hasMore, counts: sums };
  }

  /**
   * A search's tickets with a matching message, the first `window` in list order. Words the statistics call rare
   * (fewer than RARE_SHARE of all messages) go to the full-text index, which collects every matching ticket at
   * once. Others are found by walking the most recent tickets (SEARCH_PROBE, then SEARCH_WALK of them past the page)
   * and checking their messages: a common word fills a page within a few dozen. When the probe finds none, or the
   * walk fewer than a page, the words are rare in this company and its index takes over. Either way the answer is
   * exact, and neither reads all the matches of a common word nor walks every ticket for a rare one.
   */
  private async searchMessages(reads: NonNullable<TicketListQueries['messages']>, window: number): Promise<ListRow[]> {
    if ((await this.statistics.shareOf(reads.words)) < RARE_SHARE) return rowsOf<ListRow>(reads.index);
    // Common across the companies; in this one, a short walk tells: a full page, nothing (rare here), or some.
    const probed = await rowsOf<ListRow>(reads.probe);
    if (probed.length >= window) return probed;
    if (!probed.length) return rowsOf<ListRow>(reads.index);
    // The walk goes on past the probe's tickets: together, the matches among the 3,000 most recent, in order.
    const walked = [...probed, ...(await rowsOf<ListRow>(reads.walk))];
    return walked.length >= window ? walked.slice(0, window) : rowsOf<ListRow>(reads.index);
  }
}
