import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CampaignSettingsService } from './campaign-settings.service';
import { CampaignSettingsDto, SaveCampaignSettingsDto } from './dto/campaign-settings.dto';
import { Audit } from '../../common/http/audit.decorator';

@ApiTags('campaign-settings')
@Audit({ target: 'campaign-settings' })
@Controller('campaign-settings')
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsService) {}

  @Get()
  @Endpoint({
    summary: "The company's campaign dispatch settings, defaults filled in",
    description: 'Defaults: messageInterval 20 s, longerIntervalAfter 20 sends, greaterInterval 60 s, no variables.',
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    ok: CampaignSettingsDto,
  })
  getCampaignSettings(@Ctx() ctx: RequestContext): Promise<CampaignSettingsDto> {
    return this.settings.get(ctx);
  }

  @Post()
  @Endpoint({
    summary: "Save the company's campaign dispatch settings",
    description:
      'Only the fields sent change; each must be one of its options (400 naming the field). Variables, when sent, replace the list; ' +
      'a repeated key is refused. Answers the whole settings.',
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    status: 200,
    ok: CampaignSettingsDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  saveCampaignSettings(@Ctx() ctx: RequestContext, @Body() body: SaveCampaignSettingsDto): Promise<CampaignSettingsDto> {
    return this.settings.save(ctx, body.settings);
  }
}
