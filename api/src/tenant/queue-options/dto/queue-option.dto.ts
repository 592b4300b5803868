import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import type { QueueOption } from '../queue-option.entity';

export const QUEUE_OPTION_TITLE_MAX = 100;
export const QUEUE_OPTION_MESSAGE_MAX = 4096;
/** A menu level holds at most this many options (the number a contact types). */
export const QUEUE_OPTION_NUMBER_MAX = 999;
/** `parentId=-1` names the first level of the menu, as the spec's client sends it. */
export const ROOT_PARENT = -1;

export class ListQueueOptionsDto {
  @ApiProperty({ type: Number, minimum: 1, maximum: ID_MAX, description: "A queue of the caller's company" })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  queueId!: number;

  @ApiPropertyOptional({
    type: Number,
    minimum: -1,
    maximum: ID_MAX,
    description: "-1: the menu's first level; an option's id: its children; absent: every option of the queue (build the tree from parentId)",
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-1)
  @Max(ID_MAX)
  @NotEquals(0, { message: 'Use -1 for the first level or an option id' })
  parentId?: number;
}

export class CreateQueueOptionDto {
  @ApiProperty({ minLength: 1, maxLength: QUEUE_OPTION_TITLE_MAX, example: 'Financeiro' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, QUEUE_OPTION_TITLE_MAX)
  title!: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: QUEUE_OPTION_MESSAGE_MAX,
    description: 'What the bot answers when the option is chosen; blank is none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(QUEUE_OPTION_MESSAGE_MAX, { message: 'Too Long!' })
  message?: string | null;

  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: QUEUE_OPTION_NUMBER_MAX,
    description: 'The number the contact types, unique among its siblings; absent: the next one after the last sibling',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(QUEUE_OPTION_NUMBER_MAX)
  option?: number;

  @ApiProperty({ minimum: 1, maximum: ID_MAX, description: "A queue of the caller's company" })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  queueId!: number;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    minimum: -1,
    maximum: ID_MAX,
    description: "An option of the same queue; null, absent or -1: the menu's first level",
  })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt()
  @Min(-1)
  @Max(ID_MAX)
  @NotEquals(0, { message: 'Use null for the first level or an option id' })
  parentId?: number | null;
}

/** Only the fields sent change. The option stays in its queue and under its parent (queueId and parentId are ignored). */
export class UpdateQueueOptionDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: QUEUE_OPTION_TITLE_MAX })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, QUEUE_OPTION_TITLE_MAX)
  title?: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: QUEUE_OPTION_MESSAGE_MAX, description: 'null or blank clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(QUEUE_OPTION_MESSAGE_MAX, { message: 'Too Long!' })
  message?: string | null;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: QUEUE_OPTION_NUMBER_MAX, description: 'Unique among its siblings' })
  @IfSent()
  @IsInt()
  @Min(1)
  @Max(QUEUE_OPTION_NUMBER_MAX)
  option?: number;
}

export class QueueOptionDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) message!: string | null;
  @ApiProperty({ description: 'The number the contact types, 1..n among its siblings' }) option!: number;
  @ApiProperty() queueId!: number;
  @ApiProperty({ nullable: true, type: Number, description: "The parent option; null at the menu's first level" }) parentId!: number | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export function mapQueueOption(o: QueueOption): QueueOptionDto {
  return {
    id: o.id,
    title: o.title,
    message: o.message ?? null,
    option: o.option,
    queueId: o.queueId,
    parentId: o.parentId,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    queueOption: QueueOptionDto;
  }
}
