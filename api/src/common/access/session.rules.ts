import { addDays, todayIn } from '../infra/calendar-date';

/**
 * A session's decisions about its company, as pure functions (the moment is passed in): SessionLoader and the session
 * answer call them; session.rules.spec.ts tests them in milliseconds.
 */

/** Whether a due date has passed, in the company's calendar, by more than the grace days. No due date: never. */
export function subscriptionExpired(dueDate: string | Date | null | undefined, timeZone: string, graceDays: number, now: Date): boolean {
  if (!dueDate) return false;
  const due = typeof dueDate === 'string' ? dueDate.slice(0, 10) : dueDate.toISOString().slice(0, 10);
  return addDays(due, graceDays) < todayIn(timeZone, now);
}
