import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { registerDecorator } from 'class-validator';

/** The spec's periods; 0 is "none", which means today only. */
export const DASHBOARD_DAYS = [0, 3, 7, 15, 30, 60, 90] as const;
/** Longest explicit range: date_to may be at most this many days after date_from. */
export const DASHBOARD_MAX_SPAN_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (calendar arithmetic, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A field rule that sees the whole query and names its own failure (null = fine); the dashboard's query DTOs use it. */
export function QueryRule<Q extends object>(test: (value: unknown, query: Q) => string | null): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: `${target.constructor.name}_${String(propertyName)}`,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) => test(value, args!.object as Q) === null,
        defaultMessage: (args) => test(args!.value, args!.object as Q) ?? '',
      },
    });
}

export const BAD_DAY = 'Use a real date as YYYY-MM-DD';

const Rule = QueryRule<DashboardQueryDto>;

/**
 * The dashboard's filter. Either `days` (a period ending today) or `date_from` + `date_to`; with neither,
 * the period is today. "Today" and every day boundary are those of the company's time zone.
 */
export class DashboardQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    enum: DASHBOARD_DAYS,
    enumName: 'DashboardPeriod',
    description: 'The last N calendar days, today included (7 = today and the 6 days before). 0 = today only. Not with date_from/date_to.',
  })
  @Type(() => Number)
  @Rule((v, q) => {
    if (v === undefined) return null;
    if (!(DASHBOARD_DAYS as readonly unknown[]).includes(v)) return `Must be one of ${DASHBOARD_DAYS.join(', ')}`;
    if (q.date_from !== undefined || q.date_to !== undefined) return 'Use either days or date_from and date_to';
    return null;
  })
  days?: number;

  @ApiPropertyOptional({ format: 'date', example: '2025-03-01', description: 'First day of the period, inclusive; needs date_to' })
  @Rule((v, q) => {
    if (v === undefined) return q.date_to !== undefined ? 'Required with date_to' : null;
    return isCalendarDay(v) ? null : BAD_DAY;
  })
  date_from?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2025-03-31',
    description: `Last day of the period, inclusive; needs date_from; not before it and at most ${DASHBOARD_MAX_SPAN_DAYS} days after it`,
  })
  @Rule((v, q) => {
    if (v === undefined) return q.date_from !== undefined ? 'Required with date_from' : null;
    if (!isCalendarDay(v)) return BAD_DAY;
    if (!isCalendarDay(q.date_from)) return null; // date_from reports its own problem
    const span = daysBetween(q.date_from, v);
    if (span < 0) return 'Must not be before date_from';
    if (span > DASHBOARD_MAX_SPAN_DAYS) return `Must be at most ${DASHBOARD_MAX_SPAN_DAYS} days after date_from`;
    return null;
  })
  date_to?: string;

  @ApiPropertyOptional({ format: 'date', example: '2025-03-31', description: 'The day of the hourly charts; default today' })
  @Rule((v) => (v === undefined || isCalendarDay(v) ? null : BAD_DAY))
  date?: string;
}

export class DashboardPeriodDto {
  @ApiProperty({ format: 'date', example: '2025-03-01', description: 'First day, inclusive' }) dateFrom!: string;
  @ApiProperty({ format: 'date', example: '2025-03-31', description: 'Last day, inclusive' }) dateTo!: string;
  @ApiProperty({ example: 'America/Sao_Paulo', description: "The company's time zone, in which days begin and end" })
  timezone!: string;
}

export class DashboardCountersDto {
  @ApiProperty({ description: 'Tickets pending right now (not limited to the period)' }) supportPending!: number;
  @ApiProperty({ description: 'Tickets open (being attended) right now (not limited to the period)' }) supportHappening!: number;
  @ApiProperty({ description: 'Attendance cycles finished in the period' }) supportFinished!: number;
  @ApiProperty({ description: 'Contacts (not groups) created in the period' }) leads!: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 12.5,
    description: 'Average minutes from start to finish of the cycles finished in the period (2 decimals); null without any',
  })
  avgSupportTime!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 3.25,
    description: 'Average minutes from entering the queue to being started, over the cycles finished in the period (2 decimals); null without any',
  })
  avgWaitTime!: number | null;
}

export class DashboardAttendantDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({
    nullable: true,
    type: Number,
    minimum: 1,
    maximum: 3,
    example: 2.5,
    description: 'Average rating (1 unsatisfied, 2 satisfied, 3 very satisfied) of their cycles finished in the period (2 decimals); null if none was rated',
  })
  rating!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 12.5, description: 'Average support minutes of their cycles finished in the period; null without any' })
  avgSupportTime!: number | null;
  @ApiProperty() online!: boolean;
  @ApiProperty({ description: 'Cycles they finished in the period' }) closedTickets!: number;
}

export class ClosedByUserDto {
  @ApiProperty({ nullable: true, type: Number, description: 'null: cycles with no user, or whose user no longer exists' })
  userId!: number | null;
  @ApiProperty({ nullable: true, type: String }) name!: string | null;
  @ApiProperty() count!: number;
}

export class ClosedByQueueDto {
  @ApiProperty({ nullable: true, type: Number, description: 'null: cycles with no queue, or whose queue no longer exists' })
  queueId!: number | null;
  @ApiProperty({ nullable: true, type: String }) name!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '#7C4DFF' }) color!: string | null;
  @ApiProperty() count!: number;
}

export class HourlyCountDto {
  @ApiProperty({ example: '13:00', description: 'Start of the hour in the company time zone; the bucket runs to HH:59:59 (23:00 covers up to 23:59)' })
  hour!: string;
  @ApiProperty() count!: number;
}

export class DashboardHourlyDto {
  @ApiProperty({ format: 'date', example: '2025-03-31', description: 'The day charted' }) date!: string;
  @ApiProperty({ type: [HourlyCountDto], description: 'Tickets created that day: 24 buckets, 00:00 to 23:00' })
  ticketsCreatedByHour!: HourlyCountDto[];
  @ApiProperty({ type: [HourlyCountDto], description: 'Attendance cycles finished that day: 24 buckets, 00:00 to 23:00' })
  ticketsClosedByHour!: HourlyCountDto[];
}

export class DashboardDto {
  @ApiProperty({ type: DashboardPeriodDto }) period!: DashboardPeriodDto;
  @ApiProperty({ nullable: true, type: String, format: 'date', description: "The company's subscription due date" })
  companyDueDate!: string | null;
  @ApiProperty({ type: DashboardCountersDto }) counters!: DashboardCountersDto;
  @ApiProperty({ type: [DashboardAttendantDto], description: 'Every user of the company, by name' })
  attendants!: DashboardAttendantDto[];
  @ApiProperty({ type: [ClosedByUserDto], description: 'Cycles finished in the period per user, most first' })
  closedByUser!: ClosedByUserDto[];
  @ApiProperty({ type: [ClosedByQueueDto], description: 'Cycles finished in the period per queue, most first' })
  closedByQueue!: ClosedByQueueDto[];
  @ApiProperty({ type: DashboardHourlyDto }) hourly!: DashboardHourlyDto;
}

/** Row shapes of the service's aggregate queries. */
export interface AttendantRow {
  id: number;
  name: string;
  online: boolean;
  rating: number | null;
  avg_support: number | null;
  closed: number;
}

/** 24 buckets, 00:00..23:00, zero where the query found nothing. */
export function mapHourly(rows: { hour: number; count: number }[]): HourlyCountDto[] {
  const counts = new Array<number>(24).fill(0);
  for (const r of rows) counts[r.hour] += r.count;
  return counts.map((count, h) => ({ hour: `${String(h).padStart(2, '0')}:00`, count }));
}

export function mapAttendant(r: AttendantRow): DashboardAttendantDto {
  return { id: r.id, name: r.name, rating: r.rating, avgSupportTime: r.avg_support, online: r.online, closedTickets: r.closed };
}
