import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import type { Help } from '../help.entity';
import { YOUTUBE_ID, youtubeId } from '../youtube-video';

export const HELP_TITLE_MAX = 100;
export const HELP_DESCRIPTION_MAX = 4096;
const VIDEO_MESSAGE = 'Use a YouTube link or video id';

/** A YouTube link becomes its video id; anything else is left for the check to refuse. */
const toVideoId = ({ value }: { value: unknown }) => (typeof value === 'string' ? (youtubeId(value) ?? value) : value);

export class CreateHelpDto {
  @ApiProperty({ minLength: 1, maxLength: HELP_TITLE_MAX, example: 'Conectando o WhatsApp' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, HELP_TITLE_MAX)
  title!: string;

  @ApiPropertyOptional({ maxLength: HELP_DESCRIPTION_MAX, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(HELP_DESCRIPTION_MAX, { message: 'Too Long!' })
  description?: string;

  @ApiProperty({
    example: 'dQw4w9WgXcQ',
    description: 'A YouTube video id, or a YouTube link (watch, youtu.be, embed, shorts); stored and answered as the id',
  })
  @Transform(toVideoId)
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @Matches(YOUTUBE_ID, { message: VIDEO_MESSAGE })
  video!: string;
}

/** Only the fields sent change, with the same rules. */
export class UpdateHelpDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: HELP_TITLE_MAX })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, HELP_TITLE_MAX)
  title?: string;

  @ApiPropertyOptional({ maxLength: HELP_DESCRIPTION_MAX })
  @IfSent()
  @IsString()
  @MaxLength(HELP_DESCRIPTION_MAX, { message: 'Too Long!' })
  description?: string;

  @ApiPropertyOptional({ example: 'dQw4w9WgXcQ', description: 'A YouTube video id or link' })
  @Transform(toVideoId)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @Matches(YOUTUBE_ID, { message: VIDEO_MESSAGE })
  video?: string;
}

export class HelpDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ example: 'dQw4w9WgXcQ', description: 'YouTube video id: thumbnail https://img.youtube.com/vi/{video}/0.jpg' }) video!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class HelpPageDto {
  @ApiProperty({ type: [HelpDto] }) records!: HelpDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapHelp(h: Help): HelpDto {
  return { id: h.id, title: h.title, description: h.description, video: h.video, createdAt: h.createdAt, updatedAt: h.updatedAt };
}
