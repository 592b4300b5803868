import { Controller, Get, Inject, Param } from '@nestjs/common';
import { CommonError } from '../../common/http/errors';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { PublicSettingsDto, SettingDto } from './dto/setting.dto';
import { SettingsService } from './settings.service';
import { SettingError } from './setting.errors';
import { IdPipe } from '../../common/http/ids';
import { asCompanyId, type CompanyId } from '../../common/tenancy/company-id';
import { SIGNUP_SETTING_KEY, signupOpen } from './platform-signup';

const FALLBACK =
  "Only white-label values (app name, colours, logo paths) and the platform's signupOpen, never other settings. " +
  'A company that does not exist answers the defaults, as the console falls back to them on a failed read.';

@ApiTags('settings')
@Controller('public-settings')
export class PublicSettingsController {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Endpoint({
    summary: "The platform's white-label values (login and sign-up pages)",
    description: `The company named by PUBLIC_COMPANY_ID (default 1). ${FALLBACK}`,
    public: true,
    ok: PublicSettingsDto,
  })
  getPublicSettings(): Promise<PublicSettingsDto> {
    return this.withPlatform(this.config.publicCompanyId);
  }

  @Get(':companyId')
  @Endpoint({ summary: "A company's white-label values", description: FALLBACK, public: true, ok: PublicSettingsDto, errors: [CommonError.ERR_VALIDATION] })
  getPublicCompanySettings(@Param('companyId', IdPipe) companyId: number): Promise<PublicSettingsDto> {
    return this.withPlatform(asCompanyId(companyId));
  }

  /** The white-label values, and the platform's `signupOpen` (the login page's 'sign up' link, the sign-up page). */
  private async withPlatform(companyId: CompanyId): Promise<PublicSettingsDto> {
    const [values, signup] = await Promise.all([
      this.settings.publicSettings(companyId),
      this.settings.valueOf(this.config.publicCompanyId, SIGNUP_SETTING_KEY),
    ]);
    return { ...values, signupOpen: signupOpen(signup) };
  }

  @Get(':companyId/:key')
  @Endpoint({
    summary: "One of a company's white-label values",
    description: `Any other key answers 404, as an unknown one. ${FALLBACK}`,
    public: true,
    ok: SettingDto,
    errors: [SettingError.ERR_NO_SETTING_FOUND],
  })
  getPublicSetting(@Param('companyId', IdPipe) companyId: number, @Param('key') key: string): Promise<SettingDto> {
    return this.settings.publicSetting(asCompanyId(companyId), key);
  }
}
