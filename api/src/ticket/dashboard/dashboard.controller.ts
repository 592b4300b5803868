import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { DashboardService } from './dashboard.service';
import { DashboardDto, DashboardQueryDto } from './dto/dashboard.dto';

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
}
