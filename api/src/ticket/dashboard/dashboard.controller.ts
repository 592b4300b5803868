import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { DashboardService } from './dashboard.service';
import { DashboardDto, DashboardQueryDto } from './dto/dashboard.dto';
import { DashboardChartsQueryDto, TicketsDayDto, TicketsUsersDto } from './dto/dashboard-charts.dto';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Endpoint({
    summary: 'Attendance counters, averages, attendants and charts of the company',
    description:
      "The period is `days` (the last N days, today included; 0 = today) or `date_from`..`date_to` (inclusive); with neither, today. `date` picks the day of the hourly charts (default today). Days are those of the company's time zone.",
    permission: 'dashboard:view',
    ok: DashboardDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  getDashboard(@Ctx() ctx: RequestContext, @Query() query: DashboardQueryDto): Promise<DashboardDto> {
    return this.dashboard.get(ctx, query);
  }

  @Get('ticketsDay')
  @Endpoint({
    summary: "Attendance cycles finished per day, or per hour of one day (the original system's chart)",
    description:
      "For clients of the original system. `initialDate`..`finalDate` (inclusive, the company's days; either defaults to the other, both to today): one bucket per day with cycles (`data` DD/MM/YYYY), or per hour (`horario`) when they are the same day. `companyId` is ignored.",
    permission: 'dashboard:view',
    ok: TicketsDayDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  getTicketsDay(@Ctx() ctx: RequestContext, @Query() query: DashboardChartsQueryDto): Promise<TicketsDayDto> {
    return this.dashboard.ticketsDay(ctx, query);
  }

  @Get('ticketsUsers')
  @Endpoint({
    summary: "Attendance cycles each user finished in a period (the original system's chart)",
    description:
      'For clients of the original system. `initialDate`..`finalDate` as in GET /dashboard/ticketsDay; every user of the company, 0 without cycles. `companyId` is ignored.',
    permission: 'dashboard:view',
    ok: TicketsUsersDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  getTicketsUsers(@Ctx() ctx: RequestContext, @Query() query: DashboardChartsQueryDto): Promise<TicketsUsersDto> {
    return this.dashboard.ticketsUsers(ctx, query);
  }
}
