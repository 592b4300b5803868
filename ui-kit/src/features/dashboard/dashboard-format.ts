import type { Schema } from '../../client';
import type { DashboardParams } from '../../data';
import type { Locale } from '../../i18n';
import { LANGUAGE_TAGS } from '../../theme/AtendeRoot';

export type DashboardData = Schema<'DashboardDto'>;

/** The spec's periods (attendance §9): 0 is "none selected". */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The daily charts' time zone (attendance §9: UTC minus 3), used for "today" before the company's is known. */
export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one), years 1900 to 9999 (what the API accepts and a date input writes). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m || +m[1] < 1900) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Today (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string = DASHBOARD_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of `day`'s month. */
export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** What the filter form holds. */
export interface DashboardFilterValue {
  type: 'date' | 'period';
  dateFrom: string;
  dateTo: string;
  period: DashboardPeriod;
}

/** The filter's problem, or the query it stands for. */
export type FilterResult =
  { ok: true; params: DashboardParams } | { ok: false; reason: 'noFilter' | 'invalidDate' | 'reversed'; field?: 'dateFrom' | 'dateTo' };

/**
 * The query of a filter (spec attendance, Dashboard): by period, N days ending today ('none' is no filter); by date,
 * a start and an end date, both real dates, the end not before the start. Nothing filled is 'Parametrize o filtro'.
 */
export function filterParams(value: DashboardFilterValue): FilterResult {
  if (value.type === 'period') return value.period ? { ok: true, params: { days: value.period } } : { ok: false, reason: 'noFilter' };
  const from = value.dateFrom.trim();
  const to = value.dateTo.trim();
  if (!from && !to) return { ok: false, reason: 'noFilter' };
  if (!isCalendarDay(from)) return { ok: false, reason: 'invalidDate', field: 'dateFrom' };
  if (!isCalendarDay(to)) return { ok: false, reason: 'invalidDate', field: 'dateTo' };
  if (to < from) return { ok: false, reason: 'reversed', field: 'dateTo' };
  return { ok: true, params: { date_from: from, date_to: to } };
}

/** Minutes as '1h 05m' or '20m 10s' (a minute's fraction as seconds); null as the dash. */
export function formatMinutes(minutes: number | null | undefined, none = '—'): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return none;
  const seconds = Math.round(minutes * 60);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m ${String(s).padStart(2, '0')}s`;
}

/** A YYYY-MM-DD day in the locale's short form (31/03/2025 in pt), no time zone shift; null as the dash. */
export function formatDay(day: string | null | undefined, locale: Locale, none = '—'): string {
  if (!day || !isCalendarDay(day)) return none;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A number in the locale (2,5 in pt). */
export function formatNumber(value: number, locale: Locale, digits = 1): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[locale], { maximumFractionDigits: digits }).format(value);
}

/** Filled stars of a 1-3 average rating: rounded to the nearest whole star, 0 when unrated. */
export function ratingStars(rating: number | null | undefined): number {
  if (rating === null || rating === undefined) return 0;
  return Math.min(3, Math.max(1, Math.round(rating)));
}
