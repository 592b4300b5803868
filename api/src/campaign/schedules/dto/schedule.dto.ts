import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { SCHEDULE_STATUSES, type Schedule, type ScheduleStatus } from '../schedule.entity';

export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 10_000;
/** The spec's window: schedules of the last 60 days, and every future one. */
export const SCHEDULE_DAYS_AGO = 60;

const Required = () => IsNotEmpty({ message: 'Obrigatório' });
const TooShort = { message: 'Mensagem muito curta' };
const BadDate = { message: 'Data inválida' };

export class CreateScheduleDto {
  @ApiProperty({ minLength: SCHEDULE_BODY_MIN, maxLength: SCHEDULE_BODY_MAX, example: 'Olá! Lembrete da sua consulta amanhã às 10h.' })
  @Transform(trim)
  @Required()
  @IsString()
  @MinLength(SCHEDULE_BODY_MIN, TooShort)
  @MaxLength(SCHEDULE_BODY_MAX, { message: 'Too Long!' })
  body!: string;

  @ApiProperty({ description: "A contact of the caller's company" })
  @Required()
  @Type(() => Number)
  @IsInt({ message: 'Obrigatório' })
  @Min(1, { message: 'Obrigatório' })
  @Max(ID_MAX)
  contactId!: number;

  @ApiProperty({ type: Date, description: 'When to send it (a time already past sends it at once)' })
  @Required()
  @Type(() => Date)
  @IsDate(BadDate)
  sendAt!: Date;
}

/** Only the fields sent change. Saving an ERRO schedule puts it back to PENDENTE; an ENVIADA one cannot be saved (409). */
export class UpdateScheduleDto {
  @ApiPropertyOptional({ minLength: SCHEDULE_BODY_MIN, maxLength: SCHEDULE_BODY_MAX })
  @Transform(trim)
  @IfSent()
  @Required()
  @IsString()
  @MinLength(SCHEDULE_BODY_MIN, TooShort)
  @MaxLength(SCHEDULE_BODY_MAX, { message: 'Too Long!' })
  body?: string;

  @ApiPropertyOptional()
  @IfSent()
  @Required()
  @Type(() => Number)
  @IsInt({ message: 'Obrigatório' })
  @Min(1, { message: 'Obrigatório' })
  @Max(ID_MAX)
  contactId?: number;

  @ApiPropertyOptional({ type: Date })
  @IfSent()
  @Required()
  @Type(() => Date)
  @IsDate(BadDate)
  sendAt?: Date;
}

export class ListSchedulesDto extends PageQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: 3650,
    default: SCHEDULE_DAYS_AGO,
    description: 'Schedules whose sendAt is within the last N days, and every later one',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3650)
  daysAgo?: number;

  @ApiPropertyOptional({ description: "Only this contact's schedules" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactId?: number;
}

export class ScheduleContactDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() number!: string;
  @ApiProperty({ nullable: true, type: String }) profilePicUrl!: string | null;
}

export class ScheduleDto {
  @ApiProperty() id!: number;
  @ApiProperty() body!: string;
  @ApiProperty() contactId!: number;
  @ApiProperty({ type: ScheduleContactDto }) contact!: ScheduleContactDto;
  @ApiProperty({ nullable: true, type: Number, description: 'Who made it' }) userId!: number | null;
  @ApiProperty() sendAt!: Date;
  @ApiProperty({ nullable: true, type: Date }) sentAt!: Date | null;
  @ApiProperty({ enum: SCHEDULE_STATUSES, enumName: 'ScheduleStatus', description: 'PENDENTE until sent; ENVIADA once stored for sending; ERRO with `error`' })
  status!: ScheduleStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Why it could not be sent (status ERRO)' }) error!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The ticket it was sent in' }) ticketId!: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'The message it became' }) messageId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Server-made file name of the image' }) mediaPath!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The image's original file name, for display" }) mediaName!: string | null;
  @ApiProperty() companyId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class SchedulePageDto {
  @ApiProperty({ type: [ScheduleDto] }) schedules!: ScheduleDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

/** The contact must be populated. */
export function mapSchedule(s: Schedule): ScheduleDto {
  return {
    id: s.id,
    body: s.body,
    contactId: s.contact.id,
    contact: { id: s.contact.id, name: s.contact.name, number: s.contact.number, profilePicUrl: s.contact.profilePicUrl ?? null },
    userId: s.userId ?? null,
    sendAt: s.sendAt,
    sentAt: s.sentAt ?? null,
    status: s.status,
    error: s.error ?? null,
    ticketId: s.ticketId ?? null,
    messageId: s.messageId != null ? String(s.messageId) : null,
    mediaPath: s.media.path,
    mediaName: s.media.name,
    companyId: s.companyId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    schedule: ScheduleDto;
  }
}
