import type { RealtimeModule } from '../../../../data/realtime';
import { writeHolidayEvent } from './holidays';

/** What holiday events do to the holidays' cache. */
export const holidaysRealtime: RealtimeModule = {
  holiday: (event, { queryClient }) => writeHolidayEvent(queryClient, event),
};
