import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { BAD_DAY, DASHBOARD_MAX_SPAN_DAYS, daysBetween, isCalendarDay, QueryRule } from './dashboard.dto';

const Rule = QueryRule<DashboardChartsQueryDto>;

/**
 * The original system's chart filter (its DashbardController's `initialDate`, `finalDate`, `companyId`), as its
 * dashboard pages send it. Days are those of the company's time zone.
 */
export class DashboardChartsQueryDto {
  @ApiPropertyOptional({ format: 'date', example: '2025-03-01', description: 'First day, inclusive; default today' })
  @Rule((v) => (v === undefined || isCalendarDay(v) ? null : BAD_DAY))
  initialDate?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2025-03-31',
    description: `Last day, inclusive; default initialDate (or today); not before it and at most ${DASHBOARD_MAX_SPAN_DAYS} days after it`,
  })
  @Rule((v, q) => {
    if (v === undefined) return null;
    if (!isCalendarDay(v)) return BAD_DAY;
    if (q.initialDate === undefined || !isCalendarDay(q.initialDate)) return null; // initialDate reports its own problem
    const span = daysBetween(q.initialDate, v);
    if (span < 0) return 'Must not be before initialDate';
    if (span > DASHBOARD_MAX_SPAN_DAYS) return `Must be at most ${DASHBOARD_MAX_SPAN_DAYS} days after initialDate`;
    return null;
  })
  finalDate?: string;

  /** Accepted so the original's calls validate, and never read: the company is always the token's. */
  @ApiPropertyOptional({ type: 'integer', description: "Ignored: sent by clients of the original system; the company is always the caller's" })
  @Allow()
  companyId?: unknown;
}

export class TicketsDayBucketDto {
  @ApiProperty({ description: 'Attendance cycles finished in the bucket' }) total!: number;
  @ApiPropertyOptional({ example: '03/03/2025', description: 'The day, DD/MM/YYYY (a range of days)' }) data?: string;
  @ApiPropertyOptional({ example: 13, minimum: 0, maximum: 23, description: 'The local hour, 0 to 23 (a single day)' })
  horario?: number;
}

export class TicketsDayDto {
  @ApiProperty({ description: 'Cycles finished in the whole period' }) count!: number;
  @ApiProperty({
    type: [TicketsDayBucketDto],
    description: 'One bucket per day that has any (by day, oldest first), or per hour when initialDate = finalDate',
  })
  data!: TicketsDayBucketDto[];
}

export class TicketsUserBucketDto {
  @ApiProperty() userId!: number;
  @ApiProperty({ description: "The user's name" }) nome!: string;
  @ApiProperty({ description: 'Attendance cycles the user finished in the period' }) quantidade!: number;
}

export class TicketsUsersDto {
  @ApiProperty({ type: [TicketsUserBucketDto], description: 'Every user of the company: those with cycles first, then by name' })
  data!: TicketsUserBucketDto[];
}
