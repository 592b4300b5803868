import type { RealtimeModule } from '../../../../data/realtime';
import { applyHolidayEvent } from './holidays';

/** What holiday events do to the holidays' cache. */
export const holidaysRealtime: RealtimeModule = {
  holiday: (event, { queryClient }) => applyHolidayEvent(queryClient, event),
};
