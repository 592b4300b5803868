import { addMonths } from '../../common/calendar-date';
import { RECURRENCE_MONTHS, Recurrence } from './company.entity';

export { addDays, addMonths, todayIn } from '../../common/calendar-date';

/** '+ Vencimento': one recurrence period after the current due date, or after today when there is none. */
export function nextDueDate(current: string | null | undefined, recurrence: Recurrence, today: string): string {
  return addMonths(current ?? today, RECURRENCE_MONTHS[recurrence]);
}
