/**
 * Calendar dates (`YYYY-MM-DD`, no time, no zone) and today's date where someone is: due dates and holidays are
 * dates where the company is, not instants in UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for a locale, a time zone and options, made once: making one costs ten times formatting
 * with it (0.06 ms), and sessions and the bot ask for the time in the company's zone all the time. An unknown zone
 * throws, and is not kept.
 */
export function zonedFormat(locale: string, timeZone: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** Today's calendar date in a time zone (UTC's when the zone is unknown). */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return zonedFormat('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const parse = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Calendar months, clamped to the month's last day: 2026-01-31 + 1 month = 2026-02-28. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return `${pad(ny, 4)}-${pad(nm)}-${pad(Math.min(d, daysInMonth(ny, nm)))}`;
}
