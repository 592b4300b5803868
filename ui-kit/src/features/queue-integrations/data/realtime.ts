import type { RealtimeModule } from '../../../data/realtime';
import { writeQueueIntegrationEvent } from './queue-integrations';

/** What queue integration events do to the integrations' cache. */
export const queueIntegrationsRealtime: RealtimeModule = {
  queueIntegration: (event, { queryClient }) => writeQueueIntegrationEvent(queryClient, event),
};
