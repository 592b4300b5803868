import type { RealtimeModule } from '../../../data/realtime';
import { writeScheduleEvent } from './schedules';

/** What schedule events do to the schedules' cache. */
export const schedulesRealtime: RealtimeModule = {
  schedule: (event, { queryClient }) => writeScheduleEvent(queryClient, event),
};
