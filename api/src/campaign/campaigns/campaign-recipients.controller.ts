import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CampaignError } from './campaign.errors';
import { Audit } from '../../common/http/audit.decorator';
import { CampaignRecipientsService } from './campaign-recipients.service';
import { BulkCampaignsDto } from './dto/bulk-campaigns.dto';
import { BulkResultDto } from '../../common/http/bulk';
import { CampaignRecipientPageDto, ListCampaignRecipientsDto } from './dto/campaign-recipient.dto';

const ACCESS = { permission: 'campaigns:manage', feature: 'useCampaigns' } as const;
const STATES =
  "A recipient's state is the furthest step it reached: planned, sent (its message or confirmation request stored for sending), " +
  'delivered, read (the ack of that message), confirmed (it answered the confirmation request), or failed with a reason ' +
  "(no-whatsapp, no-connection: skipped; no-template: skipped on an official connection outside the number's 24-hour window with no campaign template chosen; send-failed: the message failed after its retries).";

@ApiTags('campaigns')
@Audit({ target: 'campaign' })
@Controller('campaigns')
export class CampaignRecipientsController {
  constructor(private readonly recipients: CampaignRecipientsService) {}

  @Get(':id/recipients')
  @Endpoint({
    summary: "A campaign's recipients with their state, in plan order, 20 a page",
    description: `${STATES} \`state\` keeps one state; \`searchParam\` matches the name or the number. The report's counters (GET /campaigns/{id}) are computed from the same rows.`,
    ...ACCESS,
    ok: CampaignRecipientPageDto,
    errors: [CommonError.ERR_VALIDATION, CampaignError.ERR_CAMPAIGN_NOT_FOUND],
  })
  listCampaignRecipients(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @Query() query: ListCampaignRecipientsDto,
  ): Promise<CampaignRecipientPageDto> {
    return this.recipients.list(ctx, id, query);
  }

  @Get(':id/recipients/export')
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'A CSV file (UTF-8, header row first), sent as an attachment', schema: { type: 'string' } })
  @Endpoint({
    summary: "A campaign's recipients as CSV, with the same filters",
    description: `${STATES} Columns number;name;state;reason;plannedAt;sentAt;confirmationRequestedAt;confirmedAt, separated by ';', UTF-8 with a BOM; \`pageNumber\` is ignored. Cells a spreadsheet would run as a formula are prefixed with '.`,
    ...ACCESS,
    errors: [CommonError.ERR_VALIDATION, CampaignError.ERR_CAMPAIGN_NOT_FOUND],
  })
  async exportCampaignRecipients(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @Query() query: ListCampaignRecipientsDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const csv = await this.recipients.csv(ctx, id, query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="campaign-${id}-recipients.csv"`);
    return csv;
  }

  @Post('bulk')
  @Audit({ target: 'campaign', action: 'bulk-cancel' })
  @Endpoint({
    summary: 'A bulk action on campaigns: cancel many',
    description:
      "Each id is handled on its own and reported in `results`: one that is not the caller's company's fails alone (ERR_CAMPAIGN_NOT_FOUND), " +
      'one that is not sending fails alone (ERR_CAMPAIGN_STATUS); neither stops the others. At most 100 ids.',
    ...ACCESS,
    status: 200,
    ok: BulkResultDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  bulkCampaigns(@Ctx() ctx: RequestContext, @Body() body: BulkCampaignsDto): Promise<BulkResultDto> {
    return this.recipients.bulk(ctx, body);
  }
}
