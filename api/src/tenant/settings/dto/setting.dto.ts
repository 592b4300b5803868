import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SETTING_VALUE_MAX } from '../setting-keys';

export class SettingDto {
  @ApiProperty({ example: 'userCreation' }) key!: string;
  @ApiProperty({ example: 'enabled' }) value!: string;
}

/** Numbers and booleans are accepted and stored as their text (settings are strings). */
const asText = ({ value }: { value: unknown }) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

export class UpdateSettingDto {
  @ApiProperty({ example: 'enabled', maxLength: SETTING_VALUE_MAX })
  @Transform(asText)
  @IsString({ message: 'Required' })
  @MaxLength(SETTING_VALUE_MAX, { message: 'Too Long!' })
  value!: string;

  @ApiPropertyOptional({ description: 'Ignored: the key in the path wins (the console sends both)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  key?: string;
}

export const LOGO_MODES = ['Light', 'Dark', 'Favicon'] as const;
export type LogoMode = (typeof LOGO_MODES)[number];

/** The multipart body of POST /settings/logo. */
export class UploadLogoDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'PNG, JPEG, WebP, GIF or ICO (told from its content); at most LOGO_MAX_BYTES (2 MB by default)',
  })
  file?: unknown;

  @ApiProperty({ enum: LOGO_MODES, enumName: 'LogoMode' })
  @IsIn(LOGO_MODES, { message: 'mode must be Light, Dark or Favicon' })
  mode!: LogoMode;
}

export class PublicSettingsDto {
  @ApiProperty({ example: 'whitelabel chat' }) appName!: string;
  @ApiProperty({ example: '#0000FF' }) primaryColorLight!: string;
  @ApiProperty({ example: '#39ACE7' }) primaryColorDark!: string;
  @ApiProperty({ example: '/public/company1/logos/light-3f2a9c.png', description: 'URL path under the API host; empty when none' }) appLogoLight!: string;
  @ApiProperty({ example: '', description: 'URL path under the API host; empty when none' }) appLogoDark!: string;
  @ApiProperty({ example: '', description: 'URL path under the API host; empty when none' }) appLogoFavicon!: string;
  @ApiPropertyOptional({ description: "The platform's public sign-up is open (PUT /platform-settings); false: hide 'sign up', show it closed" })
  signupOpen?: boolean;
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    setting: SettingDto;
  }
}
