import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of ticket/dashboard (see src/common/tenancy/README.md). */

export interface PeriodRow {
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

/** Minutes (2 decimals) of a sum of seconds over a count; null without any. avg() skipped nulls the same way. */
const minutes = (seconds: string, n: string) => `round((sum(${seconds}) / nullif(sum(${n}), 0) / 60)::numeric, 2)::float8`;

/**
 * Every period figure from the daily rollup `ticket_tracking_days` (Migration20261227110000_dashboard_days: per
 * company, local day of the cycle's end, user and queue, the sums and counts below, kept by triggers): `f` folds the
 * period's days into one row per (user, queue), and the rest reads only `f`. The badges' totals come from the
 * maintained `ticket_counts`. Rows come back tagged by `kind` and numbered by `ord` in the order each list is shown.
 */
const PERIOD_FIGURES_SQL = `
with f as (
  select user_id, queue_id, sum(n) as n, sum(support_s) as support_s, sum(support_n) as support_n,
    sum(wait_s) as wait_s, sum(wait_n) as wait_n, sum(rating_s) as rating_s, sum(rating_n) as rating_n
  from ticket_tracking_days
  where company_id = :companyId and day >= ?::date and day <= ?::date
  group by user_id, queue_id
  having sum(n) > 0
)
select 'total' as kind, 0::bigint as ord, null::int as id, null::text as name, null::text as color, null::boolean as online,
  coalesce(sum(n), 0)::int as count, ${minutes('support_s', 'support_n')} as avg_support, ${minutes('wait_s', 'wait_n')} as avg_wait,
  null::float8 as rating,
  (select coalesce(sum(n), 0)::int from ticket_counts where company_id = :companyId and status = 'pending') as pending,
  (select coalesce(sum(n), 0)::int from ticket_counts where company_id = :companyId and status = 'open') as open,
  (select count(*)::int from contacts
     where company_id = :companyId and is_group = false and created_at >= ?::timestamptz and created_at < ?::timestamptz) as leads
from f
union all
select 'attendant', row_number() over (order by lower(u.name), u.id), u.id, u.name, null, u.online,
  coalesce(s.n, 0)::int, s.avg_support, null, s.rating, null, null, null
from users u
left join (
  select user_id, sum(n) as n, ${minutes('support_s', 'support_n')} as avg_support,
    round((sum(rating_s)::numeric / nullif(sum(rating_n), 0))::numeric, 2)::float8 as rating
  from f where user_id is not null group by user_id
) s on s.user_id = u.id
where u.company_id = :companyId
union all
select 'byUser', row_number() over (order by sum(f.n) desc, lower(u.name) nulls last, u.id), u.id, u.name, null, null,
  sum(f.n)::int, null, null, null, null, null, null
from f left join users u on u.id = f.user_id and u.company_id = :companyId
group by u.id, u.name
union all
select 'byQueue', row_number() over (order by sum(f.n) desc, lower(q.name) nulls last, q.id), q.id, q.name, q.color, null,
  sum(f.n)::int, null, null, null, null, null, null
from f left join queues q on q.id = f.queue_id and q.company_id = :companyId
group by q.id, q.name, q.color
order by kind, ord`;

export interface FigureRow {
  kind: 'total' | 'attendant' | 'byUser' | 'byQueue';
  id: number | null;
  name: string | null;
  color: string | null;
  online: boolean | null;
  count: number;
  avg_support: number | null;
  avg_wait: number | null;
  rating: number | null;
  pending: number | null;
  open: number | null;
  leads: number | null;
}

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

/**
 * The original system's chart by day (GET /dashboard/ticketsDay over several days): cycles finished per local day,
 * from the daily rollup like the period figures; days without any are left out, as the original leaves them.
 */
const CYCLES_BY_DAY_SQL = `
select to_char(day, 'DD/MM/YYYY') as data, sum(n)::int as total
from ticket_tracking_days
where company_id = :companyId and day >= ?::date and day <= ?::date
group by day
having sum(n) > 0
order by day`;

/** The same chart over one day: cycles finished per local hour, read from the cycles like the hourly charts. */
const CYCLES_BY_HOUR_SQL = `
select extract(hour from finished_at at time zone ?)::int as horario, count(*)::int as total
from ticket_trackings
where company_id = :companyId and finished_at >= ?::timestamptz and finished_at < ?::timestamptz
group by 1
order by 1`;

/**
 * The original's chart by user (GET /dashboard/ticketsUsers): every user of the company with the cycles they
 * finished in the period (0 without any), from the daily rollup; those with cycles first, as the original lists them.
 */
const CYCLES_BY_USER_SQL = `
select u.id as user_id, u.name as nome, coalesce(s.n, 0)::int as quantidade
from users u
left join (
  select user_id, sum(n) as n from ticket_tracking_days
  where company_id = :companyId and day >= ?::date and day <= ?::date and user_id is not null
  group by user_id
) s on s.user_id = u.id
where u.company_id = :companyId
order by coalesce(s.n, 0) = 0, lower(u.name), u.id`;

/**
 * The dashboard's three statements are prepared (period, figures, hourly): planning the figures' four-part union took
 * 2.4-3.6 ms and the hourly one 1-1.2 ms on every request (EXPLAIN ANALYZE at 1,000,000 tickets), more than running
 * them once warm. Their plans do not depend on the values: every read is one company's index range.
 */
export const STATEMENTS: Statements = {
  cyclesByDay: CYCLES_BY_DAY_SQL,
  cyclesByHour: CYCLES_BY_HOUR_SQL,
  cyclesByUser: CYCLES_BY_USER_SQL,
  hourly: HOURLY_SQL,
  period: PERIOD_SQL,
  periodFigures: PERIOD_FIGURES_SQL,
};

/** The company's time zone and due date, and the period's and the day's dates and instants (null dates: today). */
export async function period(
  db: TenantSql,
  q: { dateFrom: string | null; daysBack: number; dateTo: string | null; day: string | null },
): Promise<PeriodRow | undefined> {
  return (await db.prepared<PeriodRow>('dashboard-period', PERIOD_SQL, [q.dateFrom, q.daysBack, q.dateTo, q.day]))[0];
}

/** Every figure of the period (the days from `dateFrom` to `dateTo`; leads between the instants), tagged by kind. */
export function periodFigures(db: TenantSql, p: PeriodRow): Promise<FigureRow[]> {
  return db.prepared<FigureRow>('dashboard-figures', PERIOD_FIGURES_SQL, [p.date_from, p.date_to, p.period_start, p.period_end]);
}

/** Tickets created and closed in each local hour of the day. */
export function hourly(db: TenantSql, p: PeriodRow): Promise<{ kind: 'created' | 'closed'; hour: number; count: number }[]> {
  return db.prepared<{ kind: 'created' | 'closed'; hour: number; count: number }>('dashboard-hourly', HOURLY_SQL, [
    p.timezone,
    p.day_start,
    p.day_end,
    p.timezone,
    p.day_start,
    p.day_end,
  ]);
}

/** Cycles finished on each local day of the period that has any, oldest first. */
export function cyclesByDay(db: TenantSql, p: PeriodRow): Promise<{ data: string; total: number }[]> {
  return db.execute<{ data: string; total: number }>(CYCLES_BY_DAY_SQL, [p.date_from, p.date_to]);
}

/** Cycles finished in each local hour of the day (`day_start`..`day_end`) that has any. */
export function cyclesByHour(db: TenantSql, p: PeriodRow): Promise<{ horario: number; total: number }[]> {
  return db.execute<{ horario: number; total: number }>(CYCLES_BY_HOUR_SQL, [p.timezone, p.day_start, p.day_end]);
}

/** Every user of the company and the cycles they finished in the period. */
export function cyclesByUser(db: TenantSql, p: PeriodRow): Promise<{ user_id: number; nome: string; quantidade: number }[]> {
  return db.execute<{ user_id: number; nome: string; quantidade: number }>(CYCLES_BY_USER_SQL, [p.date_from, p.date_to]);
}
