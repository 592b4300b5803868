import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsISO8601, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { HOLIDAY_STATUSES, type Holiday, type HolidayStatus } from '../holiday.entity';

export const HOLIDAY_NAME_MAX = 100;
export const HOLIDAY_BODY_MIN = 5;
export const HOLIDAY_BODY_MAX = 4096;

/** `YYYY-MM-DD`, optionally followed by a time (the spec's client sends ' 03:00:00'), which is ignored. */
const DATE_INPUT = /^(\d{4}-\d{2}-\d{2})(?:[ T](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** The stored form; years 1900-2999 (PostgreSQL has no year 0, and no holiday needs more). */
const DATE_ONLY = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;

/** The date part of what the client sent; anything else is left for the checks to refuse. */
export const toHolidayDate = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const match = DATE_INPUT.exec(value.trim());
  return match ? match[1] : value;
};

const Required = () => IsNotEmpty({ message: 'Obrigatório' });
const TooShort = { message: 'Mensagem muito curta' };
const BadDate = { message: 'Data inválida' };

export class CreateHolidayDto {
  @ApiProperty({ minLength: 1, maxLength: HOLIDAY_NAME_MAX, example: 'Natal' })
  @Transform(trim)
  @Required()
  @TextLength(1, HOLIDAY_NAME_MAX)
  name!: string;

  @ApiProperty({ minLength: HOLIDAY_BODY_MIN, maxLength: HOLIDAY_BODY_MAX, example: 'Feliz Natal! Hoje não há atendimento.', description: 'The message' })
  @Transform(trim)
  @Required()
  @IsString()
  @MinLength(HOLIDAY_BODY_MIN, TooShort)
  @MaxLength(HOLIDAY_BODY_MAX, { message: 'Too Long!' })
  body!: string;

  @ApiProperty({
    example: '2030-12-25',
    description: "The day: `YYYY-MM-DD`, or that followed by a time as the spec's client sends it (`2030-12-25 03:00:00`); the time is ignored",
  })
  @Transform(toHolidayDate)
  @Required()
  @IsString()
  @Matches(DATE_ONLY, BadDate)
  @IsISO8601({ strict: true }, BadDate)
  dateHoliday!: string;
}

/** Only the fields sent change, with the same rules; only while the message has not been sent. */
export class UpdateHolidayDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: HOLIDAY_NAME_MAX })
  @Transform(trim)
  @IfSent()
  @Required()
  @TextLength(1, HOLIDAY_NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ minLength: HOLIDAY_BODY_MIN, maxLength: HOLIDAY_BODY_MAX })
  @Transform(trim)
  @IfSent()
  @Required()
  @IsString()
  @MinLength(HOLIDAY_BODY_MIN, TooShort)
  @MaxLength(HOLIDAY_BODY_MAX, { message: 'Too Long!' })
  body?: string;

  @ApiPropertyOptional({ example: '2030-12-25', description: '`YYYY-MM-DD`, optionally with a time, which is ignored' })
  @Transform(toHolidayDate)
  @IfSent()
  @Required()
  @IsString()
  @Matches(DATE_ONLY, BadDate)
  @IsISO8601({ strict: true }, BadDate)
  dateHoliday?: string;
}

export class HolidayDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The message' }) body!: string;
  @ApiProperty({ example: '2030-12-25', format: 'date' }) dateHoliday!: string;
  @ApiProperty({
    enum: HOLIDAY_STATUSES,
    enumName: 'HolidayStatus',
    description: 'PENDENTE until sent; ENVIADA once sent (sentAt set); ERRO when the send failed',
  })
  status!: HolidayStatus;
  @ApiProperty({ nullable: true, type: Date, description: 'When the message went out; while null the holiday can still be changed' }) sentAt!: Date | null;
  @ApiProperty({ nullable: true, type: String, description: 'Server-made file name of the image' }) mediaPath!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The image's original file name, for display" }) mediaName!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class HolidayPageDto {
  @ApiProperty({ type: [HolidayDto] }) holidays!: HolidayDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapHoliday(h: Holiday): HolidayDto {
  return {
    id: h.id,
    name: h.name,
    body: h.body,
    dateHoliday: h.dateHoliday,
    status: h.status,
    sentAt: h.sentAt ?? null,
    mediaPath: h.media.path,
    mediaName: h.media.name,
    createdAt: h.createdAt,
    updatedAt: h.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    holiday: HolidayDto;
  }
}
