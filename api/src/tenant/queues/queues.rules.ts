import type { FieldError } from '../../common/http/errors';
import type { WeeklyHours } from '../companies/company.entity';

/**
 * A queue's rules on its own fields, as pure functions of plain values: QueuesService reads the company's queues
 * under its lock and calls these; queues.rules.spec.ts tests them in milliseconds.
 */

/** Blank text is no text: stored as null, so "has a greeting" means one thing everywhere. */
export const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Which unique field another queue already has: names and colours compare case-insensitively (`#FFF` is `#fff`). */
export function takenField(others: readonly { name: string; color: string }[], name: string, color: string): 'name' | 'color' | null {
  if (others.some((q) => same(q.name, name))) return 'name';
  if (others.some((q) => same(q.color, color))) return 'color';
  return null;
}

/** With more than one queue the customer chooses from a menu, so every queue needs a greeting. */
export const greetingMissing = (queuesAfter: number, greeting: string | null): boolean => queuesAfter > 1 && !greeting;

/** The weekdays whose end is before their start, named as the form's fields. */
export function scheduleErrors(schedules: readonly WeeklyHours[]): FieldError[] {
  return schedules.flatMap((s, i) => (s.endTime < s.startTime ? [{ field: `schedules.${i}.endTime`, messages: ['Must not be before startTime'] }] : []));
}

/** The weekly hours as stored: the four fields of each day, nothing else the body carried. */
export const storedSchedules = (schedules: readonly WeeklyHours[]): WeeklyHours[] =>
  schedules.map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime }));
