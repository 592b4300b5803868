import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { booleanString } from '../../../common/http/dto-helpers';
import { PageQueryDto } from '../../../common/http/pagination';
import { MessageDto } from './message.dto';
import { TicketDto } from '../../tickets/dto/ticket.dto';

export const MESSAGE_MAX = 4096;

export class QuotedRefDto {
  @ApiProperty({ description: 'Id of the message replied to' })
  @Matches(/^\d{1,19}$/)
  id!: string;
}

export class SendMessageDto {
  @ApiPropertyOptional({ maxLength: MESSAGE_MAX, description: 'Text, or the caption of the attached files' })
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  body?: string;

  @ApiPropertyOptional({ type: QuotedRefDto, description: 'Reply to this message' })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuotedRefDto)
  quotedMsg?: QuotedRefDto;

  @ApiPropertyOptional({
    description:
      'The one attached file is a voice recording: it is sent as a WhatsApp voice note (push-to-talk), made Ogg Opus first (a WebM Opus recording is rewritten without re-encoding; other audio is converted)',
  })
  @Transform(booleanString)
  @IsOptional()
  @IsBoolean()
  voiceNote?: boolean;

  @ApiPropertyOptional({ description: 'Accepted for compatibility with the spec; always true' })
  @IsOptional()
  fromMe?: unknown;

  @ApiPropertyOptional({ description: 'Accepted for compatibility with the spec; ignored' })
  @IsOptional()
  read?: unknown;

  @ApiPropertyOptional({ description: 'Accepted for compatibility with the spec; ignored (attach files as medias)' })
  @IsOptional()
  mediaUrl?: unknown;
}

export class EditMessageDto {
  @ApiProperty({ maxLength: MESSAGE_MAX })
  @IsString()
  @Matches(/\S/, { message: 'Required' })
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  body!: string;
}

export class ListMessagesDto extends PageQueryDto {}

export class MessagePageDto {
  @ApiProperty({ type: [MessageDto], description: 'Oldest first within the page; page 1 is the newest' }) messages!: MessageDto[];
  @ApiProperty({ type: TicketDto }) ticket!: TicketDto;
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class SentMessagesDto {
  @ApiProperty({ type: [MessageDto] }) messages!: MessageDto[];
}
