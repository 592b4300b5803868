import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import { booleanString as bool, IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { PageQueryDto } from '../../../common/http/pagination';
import type { Announcement, AnnouncementPriority } from '../announcement.entity';

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
const PRIORITY = '1 high (red), 2 medium (orange), 3 low (grey)';
const PRIORITY_MESSAGE = 'Use 1, 2 or 3';

/** Forms send the select's value as text: '1'..'3' become numbers, anything else is left for the check to refuse. */
const toPriority = ({ value }: { value: unknown }) => (typeof value === 'string' && /^[123]$/.test(value.trim()) ? Number(value.trim()) : value);

export class CreateAnnouncementDto {
  @ApiProperty({ minLength: 1, maxLength: ANNOUNCEMENT_TITLE_MAX, example: 'Manutenção programada' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, ANNOUNCEMENT_TITLE_MAX)
  title!: string;

  @ApiProperty({ minLength: 1, maxLength: ANNOUNCEMENT_TEXT_MAX, example: 'O sistema ficará fora do ar no domingo das 2h às 4h.' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, ANNOUNCEMENT_TEXT_MAX)
  text!: string;

  @ApiPropertyOptional({ enum: ANNOUNCEMENT_PRIORITIES, enumName: 'AnnouncementPriority', default: 3, description: PRIORITY })
  @Transform(toPriority)
  @IsOptional()
  @IsIn(ANNOUNCEMENT_PRIORITIES, { message: PRIORITY_MESSAGE })
  priority?: AnnouncementPriority;

  @ApiPropertyOptional({ default: true, description: 'Active: shown in every company’s announcements bell' })
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  status?: boolean;
}

/** Only the fields sent change, with the same rules; null is refused. */
export class UpdateAnnouncementDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: ANNOUNCEMENT_TITLE_MAX })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, ANNOUNCEMENT_TITLE_MAX)
  title?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: ANNOUNCEMENT_TEXT_MAX })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, ANNOUNCEMENT_TEXT_MAX)
  text?: string;

  @ApiPropertyOptional({ enum: ANNOUNCEMENT_PRIORITIES, enumName: 'AnnouncementPriority', description: PRIORITY })
  @Transform(toPriority)
  @IfSent()
  @IsIn(ANNOUNCEMENT_PRIORITIES, { message: PRIORITY_MESSAGE })
  priority?: AnnouncementPriority;

  @ApiPropertyOptional({ description: 'Active: shown in every company’s announcements bell' })
  @Transform(bool)
  @IfSent()
  @IsBoolean()
  status?: boolean;
}

export class ListAnnouncementsDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Only active announcements (the bell). Callers without announcements:manage always get only active ones.',
  })
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  onlyActive?: boolean;
}

export class AnnouncementDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ enum: ANNOUNCEMENT_PRIORITIES, enumName: 'AnnouncementPriority', description: PRIORITY }) priority!: AnnouncementPriority;
  @ApiProperty({ description: 'Active (in every bell) or inactive (only on the super users’ page)' }) status!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Server-made file name of the attachment; the file is GET /announcements/{id}/media' })
  mediaPath!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The attachment's original file name, for display" }) mediaName!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The super company that wrote it' }) companyId!: number | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class AnnouncementPageDto {
  @ApiProperty({ type: [AnnouncementDto] }) records!: AnnouncementDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapAnnouncement(a: Announcement): AnnouncementDto {
  return {
    id: a.id,
    title: a.title,
    text: a.text,
    priority: a.priority,
    status: a.status,
    mediaPath: a.media.path,
    mediaName: a.media.name,
    companyId: a.companyId ?? null,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    announcement: AnnouncementDto;
  }
}
