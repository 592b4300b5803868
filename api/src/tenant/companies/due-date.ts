import { RECURRENCE_MONTHS, Recurrence } from './company.entity';

/** Today's calendar date (YYYY-MM-DD) in a time zone: a due date is a date where the company is, not in UTC. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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

/** '+ Vencimento': one recurrence period after the current due date, or after today when there is none. */
export function nextDueDate(current: string | null | undefined, recurrence: Recurrence, today: string): string {
  return addMonths(current ?? today, RECURRENCE_MONTHS[recurrence]);
}
