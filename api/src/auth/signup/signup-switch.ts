import { Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SettingsService } from '../../tenant/settings/settings.service';
import { SIGNUP_SETTING_KEY, signupOpen } from '../../tenant/settings/platform-signup';

export class PlatformSettingsDto {
  @ApiProperty({ description: 'Public sign-up is open (POST /companies/cadastro); closed, it answers 403 ERR_SIGNUP_CLOSED' })
  @IsBoolean()
  signupOpen!: boolean;
}

/**
 * The platform's public sign-up switch (invite-only platforms close it), kept with the platform company's settings
 * (see platform-signup.ts).
 */
@Injectable()
export class SignUpSwitch {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async isOpen(): Promise<boolean> {
    return signupOpen(await this.settings.valueOf(this.config.publicCompanyId, SIGNUP_SETTING_KEY));
  }

  async set(open: boolean): Promise<PlatformSettingsDto> {
    await this.settings.store(this.config.publicCompanyId, SIGNUP_SETTING_KEY, open ? 'enabled' : 'disabled');
    return { signupOpen: open };
  }

  async get(): Promise<PlatformSettingsDto> {
    return { signupOpen: await this.isOpen() };
  }
}
