import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { Queue } from '../queue.entity';

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One day of a queue's business hours; `00:00`-`00:00` means closed that day. */
export class QueueScheduleDto {
  @ApiProperty({ example: 'Segunda-feira', description: 'Label shown to people', maxLength: 20 })
  @IsString()
  @MinLength(1, { message: 'Required' })
  @MaxLength(20, { message: 'Too Long!' })
  weekday!: string;

  @ApiProperty({ enum: WEEKDAYS_EN, enumName: 'Weekday', example: 'monday' })
  @IsIn(WEEKDAYS_EN)
  weekdayEn!: string;

  @ApiProperty({ example: '09:00', pattern: HH_MM.source })
  @IsString()
  @Matches(HH_MM, { message: 'Use HH:MM' })
  startTime!: string;

  @ApiProperty({ example: '18:00', pattern: HH_MM.source, description: 'Not before startTime' })
  @IsString()
  @Matches(HH_MM, { message: 'Use HH:MM' })
  endTime!: string;
}

export class QueueDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '#7C4DFF' }) color!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Position in menus; null sorts last' }) orderQueue!: number | null;
  @ApiProperty({ nullable: true, type: String }) greetingMessage!: string | null;
  @ApiProperty({ nullable: true, type: String }) outOfHoursMessage!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'AI prompt answering after the chatbot' }) promptId!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Integration answering after the chatbot' }) integrationId!: number | null;
  @ApiProperty({ enum: ['enabled', 'disabled'], enumName: 'OptionHolidays' }) optionHolidays!: 'enabled' | 'disabled';
  @ApiProperty({ type: [QueueScheduleDto] }) schedules!: QueueScheduleDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export function mapQueue(q: Queue): QueueDto {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue ?? null,
    greetingMessage: q.greetingMessage ?? null,
    outOfHoursMessage: q.outOfHoursMessage ?? null,
    promptId: q.promptId ?? null,
    integrationId: q.integrationId ?? null,
    optionHolidays: q.optionHolidays,
    schedules: q.schedules.map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime })),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    queue: QueueDto;
  }
}
