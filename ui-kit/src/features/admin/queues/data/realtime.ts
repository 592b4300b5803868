import type { RealtimeModule } from '../../../../data/realtime';
import { removeQueue, removeQueueOptions, writeQueue, writeQueueOption } from './queue-cache';

/** What the `queue` and `queueOption` channels' events do to the queues' and menus' queries. */
export const queuesRealtime: RealtimeModule = {
  queue: (event, { queryClient }) => (event.action === 'delete' ? removeQueue(queryClient, event.queueId) : writeQueue(queryClient, event.queue)),
  queueOption: (event, { queryClient }) =>
    event.action === 'delete' ? removeQueueOptions(queryClient, event.queueId, event.queueOptionIds) : writeQueueOption(queryClient, event.queueOption),
};
