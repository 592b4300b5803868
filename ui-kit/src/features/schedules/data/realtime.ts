import type { RealtimeModule } from '../../../data/realtime';
import { applyScheduleEvent } from './schedules';

/** What schedule events do to the schedules' cache. */
export const schedulesRealtime: RealtimeModule = {
  schedule: (event, { queryClient }) => applyScheduleEvent(queryClient, event),
};
