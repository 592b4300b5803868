import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import type { QuickMessage } from '../quick-message.entity';
import { IfSent, booleanString as bool, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';

/** Multipart and older clients send the switch as 'true' / 'false'. */
const MESSAGE_MAX = 10_000;

export class CreateQuickMessageDto {
  @ApiProperty({ maxLength: 100, example: 'bomdia', description: 'Typed after / in the message input' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  shortcode!: string;

  @ApiPropertyOptional({ maxLength: MESSAGE_MAX, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  message?: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Shared with the whole company (the inverse of the Privado switch). Only tickets-manager:showall holders make shared ones; for others it is always false.',
  })
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  geral?: boolean;
}

/** Only the fields sent change; geral changes only for tickets-manager:showall holders. */
export class UpdateQuickMessageDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  shortcode?: string;

  @ApiPropertyOptional({ maxLength: MESSAGE_MAX })
  @IfSent()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  message?: string;

  @ApiPropertyOptional({ description: 'Ignored unless the caller holds tickets-manager:showall' })
  @Transform(bool)
  @IfSent()
  @IsBoolean()
  geral?: boolean;
}

export class ListQuickMessagesDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Ignored: the list is always the caller's usable ones" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  userId?: number;
}

export class ListUsableQuickMessagesDto {
  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  companyId?: string;

  @ApiPropertyOptional({ description: "If sent, must be the caller's own id" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number;
}

export class QuickMessageDto {
  @ApiProperty() id!: number;
  @ApiProperty() shortcode!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'Shared with the company (true) or private to its owner' }) geral!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Server-made file name of the attachment' }) mediaPath!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The attachment's original file name, for display" }) mediaName!: string | null;
  @ApiProperty() isMedia!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'The owner' }) userId!: number | null;
  @ApiProperty() companyId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class QuickMessagePageDto {
  @ApiProperty({ type: [QuickMessageDto] }) records!: QuickMessageDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapQuickMessage(q: QuickMessage): QuickMessageDto {
  return {
    id: q.id,
    shortcode: q.shortcode,
    message: q.message,
    geral: q.geral,
    mediaPath: q.media.path,
    mediaName: q.media.name,
    isMedia: Boolean(q.media.path),
    userId: q.userId ?? null,
    companyId: q.companyId,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}
