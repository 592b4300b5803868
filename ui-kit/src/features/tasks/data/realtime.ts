import type { RealtimeModule } from '../../../data/realtime';
import { applyTaskEvent } from './tasks';

/** What task events do to the tasks' cache. */
export const tasksRealtime: RealtimeModule = {
  task: (event, { queryClient }) => applyTaskEvent(queryClient, event),
};
