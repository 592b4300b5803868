import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  VARIABLE_KEY_MAX,
  VARIABLE_KEY_PATTERN,
  VARIABLE_VALUE_MAX,
  VARIABLES_MAX,
} from '../campaign-intervals';

const MESSAGE_INTERVAL =
  'Seconds: the average gap between two campaign sends. The dispatcher draws each gap at random between half and one and a half ' +
  'of it (20 gives 10 to 30 s); 0 sends one after another.';
const LONGER_AFTER = 'Sends: after every this many sends the next gap is greaterInterval instead of the random one; 0 never pauses.';
const GREATER_INTERVAL = 'Seconds: the gap after every longerIntervalAfter sends.';
const VARIABLES = 'Values for {key} placeholders in campaign messages. Keys are unique, 1 to 30 letters, digits or _.';

export class CampaignVariableDto {
  @ApiProperty({ maxLength: VARIABLE_KEY_MAX, pattern: VARIABLE_KEY_PATTERN.source, example: 'cupom' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @Matches(VARIABLE_KEY_PATTERN, { message: 'Use 1 to 30 letters, digits or _' })
  key!: string;

  @ApiProperty({ maxLength: VARIABLE_VALUE_MAX, example: 'VERAO10' })
  @IsString()
  @MaxLength(VARIABLE_VALUE_MAX, { message: 'Too Long!' })
  value!: string;
}

/** Dispatch settings of a company; every field optional on save (only those sent change). */
export class CampaignSettingsInputDto {
  @ApiPropertyOptional({ enum: MESSAGE_INTERVAL_OPTIONS, enumName: 'CampaignMessageInterval', description: MESSAGE_INTERVAL })
  @IfSent()
  @IsIn(MESSAGE_INTERVAL_OPTIONS, { message: `One of ${MESSAGE_INTERVAL_OPTIONS.join(', ')}` })
  messageInterval?: number;

  @ApiPropertyOptional({ enum: LONGER_INTERVAL_AFTER_OPTIONS, enumName: 'CampaignLongerIntervalAfter', description: LONGER_AFTER })
  @IfSent()
  @IsIn(LONGER_INTERVAL_AFTER_OPTIONS, { message: `One of ${LONGER_INTERVAL_AFTER_OPTIONS.join(', ')}` })
  longerIntervalAfter?: number;

  @ApiPropertyOptional({ enum: GREATER_INTERVAL_OPTIONS, enumName: 'CampaignGreaterInterval', description: GREATER_INTERVAL })
  @IfSent()
  @IsIn(GREATER_INTERVAL_OPTIONS, { message: `One of ${GREATER_INTERVAL_OPTIONS.join(', ')}` })
  greaterInterval?: number;

  @ApiPropertyOptional({ type: [CampaignVariableDto], maxItems: VARIABLES_MAX, description: `${VARIABLES} Sent: replaces the whole list.` })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(VARIABLES_MAX, { message: `At most ${VARIABLES_MAX} variables` })
  @ValidateNested({ each: true })
  @Type(() => CampaignVariableDto)
  variables?: CampaignVariableDto[];
}

export class SaveCampaignSettingsDto {
  @ApiProperty({ type: CampaignSettingsInputDto })
  @IsObject({ message: 'Obrigatório' })
  @ValidateNested()
  @Type(() => CampaignSettingsInputDto)
  settings!: CampaignSettingsInputDto;
}

export class CampaignSettingsDto {
  @ApiProperty({
    enum: MESSAGE_INTERVAL_OPTIONS,
    enumName: 'CampaignMessageInterval',
    default: CAMPAIGN_SETTINGS_DEFAULTS.messageInterval,
    description: MESSAGE_INTERVAL,
  })
  messageInterval!: number;

  @ApiProperty({
    enum: LONGER_INTERVAL_AFTER_OPTIONS,
    enumName: 'CampaignLongerIntervalAfter',
    default: CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter,
    description: LONGER_AFTER,
  })
  longerIntervalAfter!: number;

  @ApiProperty({
    enum: GREATER_INTERVAL_OPTIONS,
    enumName: 'CampaignGreaterInterval',
    default: CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval,
    description: GREATER_INTERVAL,
  })
  greaterInterval!: number;

  @ApiProperty({ type: [CampaignVariableDto], description: VARIABLES }) variables!: CampaignVariableDto[];
}
