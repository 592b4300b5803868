import { Body, Controller, Get, Param, Post, Put, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Upload } from '../../common/http/uploads/upload.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { SettingDto, UpdateSettingDto, UploadLogoDto } from './dto/setting.dto';
import { LogoService, UploadedLogoFile } from './logo.service';
import { SettingsService } from './settings.service';
import { SettingError } from './setting.errors';
import { Audit } from '../../common/http/audit.decorator';

@ApiTags('settings')
@Audit({ target: 'setting' })
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly logos: LogoService,
  ) {}

  @Get()
  @Endpoint({
    summary: "Every setting of the caller's company",
    description: 'Every known key, stored values over defaults. Secret values (integration credentials) are blank unless the caller is an admin.',
    permission: 'settings:read',
    whenExpired: true,
    ok: [SettingDto],
  })
  listSettings(@Ctx() ctx: RequestContext): Promise<SettingDto[]> {
    return this.settings.list(ctx);
  }

  @Get(':key')
  @Endpoint({
    summary: 'One setting',
    description: 'Secret keys are readable by admins only.',
    permission: 'settings:read',
    whenExpired: true,
    ok: SettingDto,
    errors: [SettingError.ERR_NO_SETTING_FOUND],
  })
  getSetting(@Ctx() ctx: RequestContext, @Param('key') key: string): Promise<SettingDto> {
    return this.settings.get(ctx, key);
  }

  @Put(':key')
  @Endpoint({
    summary: 'Change one setting',
    description:
      'The key in the path wins over one in the body. The value must be one the key accepts; an empty timeOut becomes 5. ' +
      'White-label keys need the plan feature whiteLabel; logos are set through POST /settings/logo. ' +
      'Emits `settings` { action: update } to the company.',
    permission: 'settings:write',
    ok: SettingDto,
    errors: [CommonError.ERR_VALIDATION, SettingError.ERR_NO_SETTING_FOUND, SettingError.ERR_SETTING_UPLOAD_ONLY, CommonError.ERR_PLAN_FEATURE_DISABLED],
  })
  updateSetting(@Ctx() ctx: RequestContext, @Param('key') key: string, @Body() body: UpdateSettingDto): Promise<SettingDto> {
    return this.settings.update(ctx, key, body);
  }

  @Post('logo')
  @Upload({ field: 'file', maxBytes: (config) => config.logoMaxBytes })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadLogoDto })
  @Endpoint({
    summary: 'Upload a company logo',
    description:
      'Stores the file under /public/company{id}/logos/ and its URL path in appLogoLight, appLogoDark or appLogoFavicon (by mode); ' +
      'the previous file of that mode is deleted.',
    permission: 'settings:write',
    feature: 'whiteLabel',
    status: 201,
    ok: SettingDto,
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_BAD_REQUEST, CommonError.ERR_PAYLOAD_TOO_LARGE, CommonError.ERR_UNSUPPORTED_MEDIA_TYPE],
  })
  uploadLogo(@Ctx() ctx: RequestContext, @UploadedFile() file: UploadedLogoFile | undefined, @Body() body: UploadLogoDto): Promise<SettingDto> {
    return this.logos.upload(ctx, file, body);
  }
}
