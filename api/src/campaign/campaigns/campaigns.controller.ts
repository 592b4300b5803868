import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { mediaRoutes } from '../../common/http/uploads/media-routes.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';
import { PageQueryDto } from '../../common/http/pagination';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CampaignError } from './campaign.errors';
import { CampaignsService, UploadedCampaignFile } from './campaigns.service';
import { CampaignDto, CampaignPageDto, CampaignReportDto, CreateCampaignDto, SaveCampaignDto } from './dto/campaign.dto';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_NOT_EDITABLE, ERR_CAMPAIGN_STATUS, ERR_CAMPAIGN_INCOMPLETE } = CampaignError;
const ACCESS = { permission: 'campaigns:manage', feature: 'useCampaigns' } as const;
const EDIT_RULE =
  'Editable while INATIVA, or PROGRAMADA more than an hour before scheduledAt; a CANCELADA one may change only its messages (409 ERR_CAMPAIGN_NOT_EDITABLE otherwise).';

const media = mediaRoutes({
  target: CampaignsService,
  maxBytes: WHATSAPP_SEND_LIMITS.video,
  file: 'An image, audio, video or document WhatsApp carries (told from its content)',
  ...ACCESS,
  ok: CampaignDto,
  errors: [ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_NOT_EDITABLE],
});

@ApiTags('campaigns')
@Audit({ target: 'campaign' })
@Controller('campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @Endpoint({
    summary: "The company's campaigns, newest first, 20 a page",
    description: 'searchParam matches the name.',
    ...ACCESS,
    ok: CampaignPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listCampaigns(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<CampaignPageDto> {
    return this.campaigns.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A campaign with its report',
    description:
      'valids, confirmationRequested, confirmed and delivered as the report page shows them (percentage = delivered / valids), with the progress counts.',
    ...ACCESS,
    ok: CampaignReportDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_NOT_FOUND],
  })
  getCampaign(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CampaignReportDto> {
    return this.campaigns.report(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a campaign',
    description:
      'Without scheduledAt it is a draft (INATIVA); with it, PROGRAMADA and complete (connection, recipients, a message), or 400 ERR_CAMPAIGN_INCOMPLETE naming what is missing.',
    ...ACCESS,
    status: 201,
    ok: CampaignDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_INCOMPLETE],
  })
  createCampaign(@Ctx() ctx: RequestContext, @Body() body: CreateCampaignDto): Promise<CampaignDto> {
    return this.campaigns.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a campaign',
    description: `Only the fields sent change. ${EDIT_RULE}`,
    ...ACCESS,
    ok: CampaignDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_NOT_EDITABLE, ERR_CAMPAIGN_INCOMPLETE],
  })
  updateCampaign(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SaveCampaignDto): Promise<CampaignDto> {
    return this.campaigns.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a campaign and its report',
    description: 'A campaign that is sending (EM_ANDAMENTO) must be cancelled first (409 ERR_CAMPAIGN_STATUS).',
    ...ACCESS,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_STATUS],
  })
  deleteCampaign(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.campaigns.remove(ctx, id);
  }

  @Post(':id/cancel')
  @Endpoint({
    summary: 'Stop a campaign that is sending (EM_ANDAMENTO to CANCELADA)',
    description: 'Pending sends stop; restart resumes them without sending anyone twice.',
    ...ACCESS,
    status: 200,
    ok: CampaignDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_STATUS],
  })
  cancelCampaign(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CampaignDto> {
    return this.campaigns.cancel(ctx, id);
  }

  @Post(':id/restart')
  @Endpoint({
    summary: 'Resume a cancelled campaign (CANCELADA to EM_ANDAMENTO)',
    description: 'The recipients not reached yet are sent from now on with their planned gaps; those already sent are not sent again.',
    ...ACCESS,
    status: 200,
    ok: CampaignDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CAMPAIGN_NOT_FOUND, ERR_CAMPAIGN_STATUS],
  })
  restartCampaign(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CampaignDto> {
    return this.campaigns.restart(ctx, id);
  }

  @media.upload({
    summary: "Attach a file to a campaign (sent with each recipient's message, the text as its caption)",
    description: `Replaces the previous attachment. Spaces in its name become underscores. ${EDIT_RULE}`,
  })
  uploadCampaignMedia(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedCampaignFile | undefined,
  ): Promise<CampaignDto> {
    return this.campaigns.uploadMedia(ctx, id, file);
  }

  @media.remove({ summary: "Remove a campaign's attachment", description: EDIT_RULE })
  deleteCampaignMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CampaignDto> {
    return this.campaigns.deleteMedia(ctx, id);
  }
}
