import type { RealtimeModule } from '../../../data/realtime';
import { writeTaskEvent } from './tasks';

/** What task events do to the tasks' cache. */
export const tasksRealtime: RealtimeModule = {
  task: (event, { queryClient }) => writeTaskEvent(queryClient, event),
};
