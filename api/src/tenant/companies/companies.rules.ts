import { addDays, addMonths, todayIn } from '../../common/infra/calendar-date';
import { RECURRENCE_MONTHS, Recurrence } from './company.entity';

export { addDays, addMonths, todayIn };

/**
 * A company's subscription decisions, as pure functions of plain values (dates as `YYYY-MM-DD` in the company's
 * calendar; today is passed in): the due date's moves, when its invoice is issued, when access lapses, and the
 * business hours' form. The services call them; companies.rules.spec.ts tests them in milliseconds.
 */

/** '+ Vencimento': one recurrence period after the current due date, or after today when there is none. */
export function nextDueDate(current: string | null | undefined, recurrence: Recurrence, today: string): string {
  return addMonths(current ?? today, RECURRENCE_MONTHS[recurrence]);
}

/** A paid invoice moves the due date by its months from the current due date, or from today when that has passed. */
export function dueDateAfterPayment(current: string | null | undefined, today: string, months: number): string {
  const from = current && current > today ? current : today;
  return addMonths(from, months);
}

/** A company is invoiced for its due date once that is within `leadDays` of today (or passed), when its plan has a price. */
export function invoiceDueNow(dueDate: string | null | undefined, planValue: string | number, today: string, leadDays: number): boolean {
  if (!dueDate || Number(planValue) <= 0) return false;
  return dueDate <= addDays(today, leadDays);
}

/** The weekdays a business hours form names more than once (each once, in order of first repeat). */
export function repeatedWeekdays(schedules: readonly { weekdayEn: string }[]): string[] {
  const days = schedules.map((s) => s.weekdayEn);
  return [...new Set(days.filter((d, i) => days.indexOf(d) !== i))];
}
