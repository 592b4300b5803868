import type { WeeklyHours } from '../../tenant/companies/company.entity';
import { zonedFormat } from '../../common/infra/calendar-date';

/**
 * Business hours' decisions, as pure functions of plain values (the moment is passed in): the company's wall clock,
 * whether weekly hours are open, which setting makes them close what, and the reply. BusinessHoursService reads the
 * rows and calls these; business-hours.rules.spec.ts tests them in milliseconds.
 */

/** A moment as a company's clock on the wall shows it. */
export interface LocalMoment {
  /** `YYYY-MM-DD` */
  date: string;
  /** monday ... sunday */
  weekdayEn: string;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const LOCAL_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'long',
};

/** `now` in the company's time zone (IANA name; an unknown one falls back to America/Sao_Paulo). */
export function localMoment(now: Date, timeZone: string): LocalMoment {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zonedFormat('en-US', timeZone, LOCAL_PARTS).formatToParts(now);
  } catch {
    return localMoment(now, 'America/Sao_Paulo');
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase();
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekdayEn: WEEKDAYS.includes(weekday) ? weekday : 'monday',
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h || 0) * 60 + (m || 0);
};

/**
 * Whether weekly hours are open at a local moment. Each weekday is open from startTime (inclusive) to endTime
 * (exclusive); equal times (the default Sunday 00:00-00:00) close the day; a weekday with no entry is closed. No
 * entries at all means no hours were set: always open.
 */
export function isWithinHours(schedules: readonly WeeklyHours[] | null | undefined, at: LocalMoment): boolean {
  if (!schedules?.length) return true;
  const day = schedules.find((s) => s.weekdayEn === at.weekdayEn);
  if (!day) return false;
  const start = toMinutes(day.startTime);
  const end = toMinutes(day.endTime);
  return end > start && at.minutes >= start && at.minutes < end;
}

export const DEFAULT_OUT_OF_HOURS_MESSAGE = 'Olá! No momento estamos fora do horário de atendimento. Deixe sua mensagem e retornaremos assim que possível.';

/** The company's weekly hours close the whole connection only with setting scheduleType 'company'. */
export const companyHoursClosed = (scheduleType: string, schedules: readonly WeeklyHours[] | null | undefined, at: LocalMoment): boolean =>
  scheduleType === 'company' && !isWithinHours(schedules, at);

/** A queue's weekly hours close it only with setting scheduleType 'queue' (a holiday closes it apart, by optionHolidays). */
export const queueHoursClosed = (scheduleType: string, schedules: readonly WeeklyHours[] | null | undefined, at: LocalMoment): boolean =>
  scheduleType === 'queue' && !isWithinHours(schedules, at);

/** The out-of-hours reply: the first written of the queue's and the connection's messages, else the default. */
export function outOfHoursText(...messages: (string | null | undefined)[]): string {
  for (const m of messages) if (m?.trim()) return m.trim();
  return DEFAULT_OUT_OF_HOURS_MESSAGE;
}

/** A holiday's stored image name, when it is a plain file name (no path can be built from anything else). */
export const holidayImageFile = (mediaPath: string | null | undefined): string | null => (mediaPath && /^[\w.-]+$/.test(mediaPath) ? mediaPath : null);
