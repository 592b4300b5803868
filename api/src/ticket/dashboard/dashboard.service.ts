import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../database/tenant-sql';
import type { RequestContext } from '../../common/request-context';
import { AttendantRow, ClosedByQueueDto, ClosedByUserDto, DashboardDto, DashboardQueryDto, mapAttendant, mapHourly } from './dto/dashboard.dto';

interface PeriodRow {
  timezone: string;
  due_date: string | null;
  date_from: string;
  date_to: string;
  day: string;
  period_start: Date | string;
  period_end: Date | string;
  day_start: Date | string;
  day_end: Date | string;
}

/**
 * "Today" and every day boundary are those of the company's time zone and are computed by PostgreSQL
 * (`date::timestamp at time zone tz` is the instant that local day begins), so DST days are right too.
 * Every value travels as a `?` binding; the later queries reuse the instants the first one computed.
 */
const PERIOD_SQL = `
with c as (
  select timezone, due_date, (now() at time zone timezone)::date as today from companies where id = :companyId
), r as (
  select timezone, due_date,
    coalesce(?::date, today - ?::int) as d_from,
    coalesce(?::date, today) as d_to,
    coalesce(?::date, today) as d_day
  from c
)
select timezone,
  to_char(due_date, 'YYYY-MM-DD') as due_date,
  to_char(d_from, 'YYYY-MM-DD') as date_from,
  to_char(d_to, 'YYYY-MM-DD') as date_to,
  to_char(d_day, 'YYYY-MM-DD') as day,
  d_from::timestamp at time zone timezone as period_start,
  (d_to + 1)::timestamp at time zone timezone as period_end,
  d_day::timestamp at time zone timezone as day_start,
  (d_day + 1)::timestamp at time zone timezone as day_end
from r`;

/** Minutes, 2 decimals; avg() skips nulls, so a cycle without a start or a queue time simply does not count. */
const minutes = (interval: string) => `round((avg(extract(epoch from ${interval})) / 60)::numeric, 2)::float8`;

const COUNTERS_SQL = `
select
  (select count(*)::int from tickets where company_id = :companyId and status = 'pending') as pending,
  (select count(*)::int from tickets where company_id = :companyId and status = 'open') as open,
  (select count(*)::int from contacts
     where company_id = :companyId and is_group = false and created_at >= ?::timestamptz and created_at < ?::timestamptz) as leads,
  count(*)::int as finished,
  ${minutes('finished_at - started_at')} as avg_support,
  ${minutes('started_at - queued_at')} as avg_wait
from ticket_trackings
where company_id = :companyId and finished_at >= ?::timestamptz and finished_at < ?::timestamptz`;

const ATTENDANTS_SQL = `
select u.id, u.name, u.online, s.rating, s.avg_support, coalesce(s.closed, 0)::int as closed
from users u
left join (
  select user_id,
    round((avg(rating) filter (where rating between 1 and 3))::numeric, 2)::float8 as rating,
    ${minutes('finished_at - started_at')} as avg_support,
    count(*)::int as closed
  from ticket_trackings
  where company_id = :companyId and finished_at >= ?::timestamptz and finished_at < ?::timestamptz and user_id is not null
  group by user_id
) s on s.user_id = u.id
where u.company_id = :companyId
order by lower(u.name), u.id`;

/** Cycles with no user (or a user since deleted) fall into the null row. */
const CLOSED_BY_USER_SQL = `
select u.id as user_id, u.name, count(*)::int as count
from ticket_trackings t
left join users u on u.id = t.user_id and u.company_id = t.company_id
where t.company_id = :companyId and t.finished_at >= ?::timestamptz and t.finished_at < ?::timestamptz
group by u.id, u.name
order by count desc, lower(u.name) nulls last, u.id`;

const CLOSED_BY_QUEUE_SQL = `
select q.id as queue_id, q.name, q.color, count(*)::int as count
from ticket_trackings t
left join queues q on q.id = t.queue_id and q.company_id = t.company_id
where t.company_id = :companyId and t.finished_at >= ?::timestamptz and t.finished_at < ?::timestamptz
group by q.id, q.name, q.color
order by count desc, lower(q.name) nulls last, q.id`;

const HOURLY_SQL = `
select 'created' as kind, extract(hour from created_at at time zone ?)::int as hour, count(*)::int as count
from tickets
where company_id = :companyId and created_at >= ?::timestamptz and created_at < ?::timestamptz
group by 2
union all
select 'closed', extract(hour from finished_at at time zone ?)::int, count(*)::int
from ticket_trackings
where company_id = :companyId and finished_at >= ?::timestamptz and finished_at < ?::timestamptz
group by 2`;

/** The admin dashboard: a handful of aggregate queries, each scoped by the caller's company. */
@Injectable()
export class DashboardService {
  constructor(private readonly em: EntityManager) {}

  async get(ctx: RequestContext, query: DashboardQueryDto): Promise<DashboardDto> {
    const companyId = ctx.companyId;
    // Raw SQL skips the ORM's tenant filter: each statement names :companyId, which tenantSql binds.
    const db = tenantSql(this.em, companyId);
    const daysBack = query.days ? query.days - 1 : 0;
    const [p] = await db.execute<PeriodRow>(PERIOD_SQL, [query.date_from ?? null, daysBack, query.date_to ?? null, query.date ?? null]);
    if (!p) throw new Error(`company ${companyId} of a valid session not found`);
    const period = [p.period_start, p.period_end];

    const [c] = await db.execute<{ pending: number; open: number; leads: number; finished: number; avg_support: number | null; avg_wait: number | null }>(
      COUNTERS_SQL,
      [...period, ...period],
    );
    const attendants = await db.execute<AttendantRow>(ATTENDANTS_SQL, period);
    const byUser = await db.execute<{ user_id: number | null; name: string | null; count: number }>(CLOSED_BY_USER_SQL, period);
    const byQueue = await db.execute<{ queue_id: number | null; name: string | null; color: string | null; count: number }>(CLOSED_BY_QUEUE_SQL, period);
    const day = [p.day_start, p.day_end];
    const hourly = await db.execute<{ kind: 'created' | 'closed'; hour: number; count: number }>(HOURLY_SQL, [p.timezone, ...day, p.timezone, ...day]);

    return {
      period: { dateFrom: p.date_from, dateTo: p.date_to, timezone: p.timezone },
      companyDueDate: p.due_date,
      counters: {
        supportPending: c.pending,
        supportHappening: c.open,
        supportFinished: c.finished,
        leads: c.leads,
        avgSupportTime: c.avg_support,
        avgWaitTime: c.avg_wait,
      },
      attendants: attendants.map(mapAttendant),
      closedByUser: byUser.map((r): ClosedByUserDto => ({ userId: r.user_id, name: r.name, count: r.count })),
      closedByQueue: byQueue.map((r): ClosedByQueueDto => ({ queueId: r.queue_id, name: r.name, color: r.color, count: r.count })),
      hourly: {
        date: p.day,
        ticketsCreatedByHour: mapHourly(hourly.filter((r) => r.kind === 'created')),
        ticketsClosedByHour: mapHourly(hourly.filter((r) => r.kind === 'closed')),
      },
    };
  }
}
