import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../common/http/endpoint.decorator';
import { CommonError } from '../common/http/errors';
import { Ctx, RequestContext } from '../common/access/request-context';
import { AuditService } from './audit.service';
import { AUDIT_EXPORT_MAX, AuditLogPageDto, ListAuditLogsDto } from './dto/audit-log.dto';

const SCOPE =
  "A company admin reads their own company's rows (naming another company is refused with 403); a super user reads every company's and the platform's rows, or one company's with `companyId`.";

@ApiTags('audit')
@Controller('audit-logs')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Endpoint({
    summary: 'The audit log: administrative writes, newest first, 50 a page',
    description: `${SCOPE} \`userId\` matches the acting user or the impersonator; \`action\` an action or a prefix ending in a dot.`,
    permission: 'audit:read',
    whenExpired: true,
    ok: AuditLogPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listAuditLogs(@Ctx() ctx: RequestContext, @Query() query: ListAuditLogsDto): Promise<AuditLogPageDto> {
    return this.audit.list(ctx, query);
  }

  @Get('export')
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'A CSV file (UTF-8, header row first), sent as an attachment', schema: { type: 'string' } })
  @Endpoint({
    summary: 'The audit log as CSV, with the same filters and scope',
    description: `${SCOPE} Newest first, at most ${AUDIT_EXPORT_MAX} rows; \`pageNumber\` is ignored. Cells that a spreadsheet would run as a formula are prefixed with '.`,
    permission: 'audit:read',
    whenExpired: true,
    errors: [CommonError.ERR_VALIDATION],
  })
  async exportAuditLogs(@Ctx() ctx: RequestContext, @Query() query: ListAuditLogsDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const csv = await this.audit.exportCsv(ctx, query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="audit-log.csv"');
    return csv;
  }
}
