// Calendar days as `YYYY-MM-DD` text, the API's own form: a day is never a Date at local midnight, so no time zone
// moves it. Arithmetic goes through Date.UTC, and names come from Intl with timeZone 'UTC' on that same instant.

/** A month: year and month (1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a year, month (1-12) and day; out-of-range parts roll over (day 0 is the previous month's last). */
export function isoDay(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The day part of what the API answers (`2030-12-25`, or with a time after it), or null when it is not a real day. */
export function parseIsoDay(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = ISO_DAY.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoDay(year, month, day) === `${match[1]}-${match[2]}-${match[3]}` ? { year, month, day } : null;
}

/** True for a real day `YYYY-MM-DD` in the years the API takes (1900-2999). */
export function isValidIsoDay(value: string): boolean {
  const parsed = parseIsoDay(value);
  return parsed !== null && value.trim().length === 10 && parsed.year >= 1900 && parsed.year <= 2999;
}

/** Today in the browser's own time zone (what the user calls today), as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  return isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export const monthOf = (iso: string): YearMonth => {
  const parsed = parseIsoDay(iso);
  if (!parsed) throw new Error(`not a day: ${iso}`);
  return { year: parsed.year, month: parsed.month };
};

/** The month `delta` months away. */
export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The day `delta` days away. */
export function addDays(iso: string, delta: number): string {
  const { year, month, day } = parseIsoDay(iso) ?? { year: 1970, month: 1, day: 1 };
  return isoDay(year, month, day + delta);
}

/** Monday 0 … Sunday 6. */
export function weekdayIndex(iso: string): number {
  const { year, month, day } = parseIsoDay(iso) ?? { year: 1970, month: 1, day: 1 };
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** The same day `delta` months away, kept inside the shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsToDay(iso: string, delta: number): string {
  const { day } = parseIsoDay(iso) ?? { day: 1 };
  const target = addMonths(monthOf(iso), delta);
  const last = Number(isoDay(target.year, target.month + 1, 0).slice(8));
  return isoDay(target.year, target.month, Math.min(day, last));
}

/** `YYYY-MM` of a month: the key of its days (`day.startsWith(monthKey)`). */
export const monthKey = ({ year, month }: YearMonth) => `${pad(year, 4)}-${pad(month)}`;

/** The weeks that show a month, Monday first: whole weeks, so the first and last hold days of the months around. */
export function monthWeeks(ym: YearMonth): string[][] {
  const first = isoDay(ym.year, ym.month, 1);
  const last = isoDay(ym.year, ym.month + 1, 0);
  let day = addDays(first, -weekdayIndex(first));
  const weeks: string[][] = [];
  while (day <= last) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/** The instant Intl formats for a day: its UTC midnight, formatted in UTC. */
const instant = (iso: string) => {
  const { year, month, day } = parseIsoDay(iso) ?? { year: 1970, month: 1, day: 1 };
  return new Date(Date.UTC(year, month - 1, day));
};

/** 'dezembro de 2030' / 'December 2030'. */
export function formatMonth(languageTag: string, ym: YearMonth): string {
  return new Intl.DateTimeFormat(languageTag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(instant(isoDay(ym.year, ym.month, 1)));
}

/** The weekday names, Monday first, in the `long` and `narrow`/`short` forms. */
export function weekdayNames(languageTag: string, width: 'long' | 'short' | 'narrow'): string[] {
  const format = new Intl.DateTimeFormat(languageTag, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(instant(isoDay(2024, 1, 1 + i))));
}

/** 'quinta-feira, 25 de dezembro de 2030' (`full`), '25/12/2030' (`short`)... */
export function formatDay(languageTag: string, iso: string, style: 'full' | 'long' | 'medium' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: style, timeZone: 'UTC' }).format(instant(iso));
}

/** An instant the API answered (sentAt), in the viewer's time zone: '25/12/2030, 09:00'. */
export function formatInstant(languageTag: string, value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(languageTag, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
