import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { QueueScheduleDto } from './queue.dto';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { NoneAsNull } from '../../../common/http/original-inputs';

/** A CSS hex colour (#RGB to #RRGGBBAA) or a colour name: 3 to 9 characters, as the spec says. */
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,9})$/;
const MESSAGE_MAX = 4096;

export class CreateQueueDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Suporte', description: 'Unique in the company' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name!: string;

  @ApiProperty({ minLength: 3, maxLength: 9, example: '#7C4DFF', description: 'Hex colour or colour name; unique in the company' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(3, 9)
  @Matches(COLOR, { message: 'Invalid color' })
  color!: string;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, description: 'Position in menus; null sorts last' })
  @NoneAsNull()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  orderQueue?: number | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: MESSAGE_MAX, description: 'Required when the company has more than one queue' })
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  greetingMessage?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: MESSAGE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  outOfHoursMessage?: string | null;

  @ApiPropertyOptional({ type: [QueueScheduleDto], description: 'At most one entry per weekday; a new queue without them gets Mon-Fri 09-18, Sat 09-12' })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(7)
  @ArrayUnique((s: QueueScheduleDto) => s?.weekdayEn, { message: 'One entry per weekday' })
  @ValidateNested({ each: true })
  @Type(() => QueueScheduleDto)
  schedules?: QueueScheduleDto[];

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: "AI prompt that answers the queue's customers after the chatbot (plan useOpenAi); null clears",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  promptId?: number | null;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'Integration (webhook, n8n, typebot, dialogflow) that answers them instead (plan useIntegrations); null clears',
  })
  @NoneAsNull()
  @IsOptional()
  @IsInt()
  @Min(1)
  integrationId?: number | null;

  @ApiPropertyOptional({ enum: ['enabled', 'disabled'], enumName: 'OptionHolidays', description: "'enabled': the company's holidays close this queue" })
  @IfSent()
  @IsIn(['enabled', 'disabled'])
  optionHolidays?: 'enabled' | 'disabled';
}

/**
 * Only the fields sent change, with the same rules as on create; `null` clears the nullable ones
 * (orderQueue, greetingMessage, outOfHoursMessage, promptId, integrationId) and is refused for the others.
 */
export class UpdateQueueDto extends PartialType(CreateQueueDto, { skipNullProperties: false }) {}
