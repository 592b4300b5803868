import type { Schema } from '../../../client';
import type { MessageKey } from '../../../i18n';

export type Schedule = Schema<'QueueScheduleDto'>;
export type Weekday = Schema<'Weekday'>;

/** The week as the editor lists it, Monday first (spec administration §3). */
export const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The stored label of each day (the API keeps it for the chatbot's messages): the spec's Portuguese names. */
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** Spec §3: Monday to Friday 09:00-18:00, Saturday 09:00-12:00, Sunday 00:00-00:00 (closed). */
export function defaultSchedules(): Schedule[] {
  return WEEKDAYS.map((day) => {
    const [startTime, endTime] = day === 'saturday' ? ['09:00', '12:00'] : day === 'sunday' ? ['00:00', '00:00'] : ['09:00', '18:00'];
    return { weekday: WEEKDAY_LABELS[day], weekdayEn: day, startTime, endTime };
  });
}

/** The seven days in order, each from `schedules` when it has the day, else the default (a partial or unordered list is completed). */
export function fullWeek(schedules: readonly Schedule[] | null | undefined): Schedule[] {
  const defaults = defaultSchedules();
  return WEEKDAYS.map((day, i) => {
    const found = schedules?.find((s) => s.weekdayEn === day);
    return found ? { ...found, weekday: found.weekday || WEEKDAY_LABELS[day] } : defaults[i];
  });
}

/** The '##:##' mask: digits only, a colon after the hours, at most four digits. */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (value: string): boolean => TIME.test(value);

/** A day that opens and closes at 00:00 has no service. */
export const isClosed = (s: Pick<Schedule, 'startTime' | 'endTime'>): boolean => s.startTime === '00:00' && s.endTime === '00:00';

export interface ScheduleError {
  startTime?: MessageKey;
  endTime?: MessageKey;
}

/** The API's rules per day: HH:MM times, the end not before the start. Answers one entry per day (empty when valid). */
export function scheduleErrors(schedules: readonly Schedule[]): ScheduleError[] {
  return schedules.map((s) => {
    const error: ScheduleError = {};
    if (!isTime(s.startTime)) error.startTime = 'hours.invalidTime';
    if (!isTime(s.endTime)) error.endTime = 'hours.invalidTime';
    if (!error.startTime && !error.endTime && s.endTime < s.startTime) error.endTime = 'hours.endBeforeStart';
    return error;
  });
}

export const hasScheduleErrors = (schedules: readonly Schedule[]): boolean => scheduleErrors(schedules).some((e) => e.startTime || e.endTime);
