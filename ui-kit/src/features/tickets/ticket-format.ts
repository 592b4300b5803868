import type { Locale } from '../../i18n';
import { LANGUAGE_TAGS } from '../../theme/AtendeRoot';

/** Spec §9: contact names are cut at 26 characters in the ticket list. */
export const LIST_NAME_MAX = 26;

/** The name cut at `max` characters, with an ellipsis when it was longer. */
export function truncateName(name: string, max: number = LIST_NAME_MAX): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A list item's time: HH:mm for today, else the date, in the locale's format. */
export function formatTicketTime(iso: string, locale: Locale, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = LANGUAGE_TAGS[locale];
  if (sameDay(date, now)) return new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
