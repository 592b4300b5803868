import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { cyclesByDay, cyclesByHour, cyclesByUser, hourly, period, periodFigures, type FigureRow, type PeriodRow } from './dashboard.queries';
import type { RequestContext } from '../../common/access/request-context';
import type { DashboardChartsQueryDto, TicketsDayDto, TicketsUsersDto } from './dto/dashboard-charts.dto';
import { ClosedByQueueDto, ClosedByUserDto, DashboardDto, DashboardQueryDto, mapAttendant, mapHourly } from './dto/dashboard.dto';

/** The admin dashboard: a handful of aggregate queries, each scoped by the caller's company. */
@Injectable()
export class DashboardService {
  constructor(private readonly em: EntityManager) {}

  async get(ctx: RequestContext, query: DashboardQueryDto): Promise<DashboardDto> {
    const companyId = ctx.companyId;
    // Raw SQL skips the ORM's tenant filter: each statement names :companyId, which tenantSql binds.
    const db = tenantSql(this.em, companyId);
    const daysBack = query.days ? query.days - 1 : 0;
    const p = await period(db, { dateFrom: query.date_from ?? null, daysBack, dateTo: query.date_to ?? null, day: query.date ?? null });
    if (!p) throw new Error(`company ${companyId} of a valid session not found`);

    // Two connections at once: the period's figures and the day's hours do not wait for each other.
    const [rows, byHour] = await Promise.all([periodFigures(db, p), hourly(db, p)]);
    const of = (kind: FigureRow['kind']) => rows.filter((r) => r.kind === kind);
    const [c] = of('total');

    return {
      period: { dateFrom: p.date_from, dateTo: p.date_to, timezone: p.timezone },
      companyDueDate: p.due_date,
      counters: {
        supportPending: c.pending ?? 0,
        supportHappening: c.open ?? 0,
        supportFinished: c.count,
        leads: c.leads ?? 0,
        avgSupportTime: c.avg_support,
        avgWaitTime: c.avg_wait,
      },
      attendants: of('attendant').map((r) =>
        mapAttendant({ id: r.id!, name: r.name!, online: !!r.online, rating: r.rating, avg_support: r.avg_support, closed: r.count }),
      ),
      closedByUser: of('byUser').map((r): ClosedByUserDto => ({ userId: r.id, name: r.name, count: r.count })),
      closedByQueue: of('byQueue').map((r): ClosedByQueueDto => ({ queueId: r.id, name: r.name, color: r.color, count: r.count })),
      hourly: {
        date: p.day,
        ticketsCreatedByHour: mapHourly(byHour.filter((r) => r.kind === 'created')),
        ticketsClosedByHour: mapHourly(byHour.filter((r) => r.kind === 'closed')),
      },
    };
  }

  /**
   * The original system's chart by day (by hour when the period is one day): `{ count, data }` as its clients
   * read it. Counts attendance cycles finished, the same figure as the dashboard's `supportFinished`.
   */
  async ticketsDay(ctx: RequestContext, query: DashboardChartsQueryDto): Promise<TicketsDayDto> {
    const db = tenantSql(this.em, ctx.companyId);
    const p = await this.chartPeriod(ctx, query);
    const data = p.date_from === p.date_to ? await cyclesByHour(db, p) : await cyclesByDay(db, p);
    return { count: data.reduce((sum, b) => sum + b.total, 0), data };
  }

  /** The original system's chart by user: `{ data: [{ nome, quantidade }] }` (and each user's id). */
  async ticketsUsers(ctx: RequestContext, query: DashboardChartsQueryDto): Promise<TicketsUsersDto> {
    const p = await this.chartPeriod(ctx, query);
    const rows = await cyclesByUser(tenantSql(this.em, ctx.companyId), p);
    return { data: rows.map((r) => ({ userId: r.user_id, nome: r.nome, quantidade: r.quantidade })) };
  }

  /** The charts' days: either bound defaults to the other, both to today; `day` is the first (the hourly case). */
  private async chartPeriod(ctx: RequestContext, query: DashboardChartsQueryDto): Promise<PeriodRow> {
    const dateFrom = query.initialDate ?? query.finalDate ?? null;
    const dateTo = query.finalDate ?? query.initialDate ?? null;
    const p = await period(tenantSql(this.em, ctx.companyId), { dateFrom, daysBack: 0, dateTo, day: dateFrom });
    if (!p) throw new Error(`company ${ctx.companyId} of a valid session not found`);
    return p;
  }
}
