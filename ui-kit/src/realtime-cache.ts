import type { QueryClient } from '@tanstack/react-query';
import type { TicketViewer } from './data/cache-updaters';
import { dispatchTable, useRealtimeDispatcher, type RealtimeCacheHandlers, type RealtimeModule, type RealtimeScope } from './data/realtime';
import { holidaysRealtime } from './features/admin/holidays';
import { queuesRealtime } from './features/admin/queues';
import { settingsRealtime } from './features/admin/settings';
import { usersRealtime } from './features/admin/users';
import { companiesRealtime } from './features/admin/companies';
import { billingRealtime } from './features/billing';
import { campaignsRealtime } from './features/campaigns';
import { connectionsRealtime } from './features/connections';
import { contactsRealtime } from './features/contacts';
import { internalChatRealtime } from './features/internal-chat';
import { promptsRealtime } from './features/prompts';
import { queueIntegrationsRealtime } from './features/queue-integrations';
import { schedulesRealtime } from './features/schedules';
import { tasksRealtime } from './features/tasks';
import { ticketsRealtime } from './features/tickets';

/**
 * Every feature's realtime handlers: what the kit's AtendeProvider keeps live. Imported through the features' index.ts
 * (the kit's entry, not a feature, so FEATURE_BARREL does not apply): the console's bundler chunks them better that way
 * (imported from each data/realtime.ts, its initial JavaScript grew by 4.7 kB gzip), and tree-shaking keeps only the
 * handlers either way. The one place that lists the
 * features' modules (the dispatcher in data/realtime.ts knows none); a feature with a channel adds its module here.
 */
export const KIT_REALTIME: readonly RealtimeModule[] = [
  contactsRealtime,
  ticketsRealtime,
  connectionsRealtime,
  companiesRealtime,
  billingRealtime,
  usersRealtime,
  queuesRealtime,
  settingsRealtime,
  campaignsRealtime,
  schedulesRealtime,
  promptsRealtime,
  queueIntegrationsRealtime,
  internalChatRealtime,
  tasksRealtime,
  holidaysRealtime,
];

/**
 * What each event does to the cache of `queryClient`. `viewer` answers who reads the ticket lists at the time of
 * the event (null without a session: ticket lists then gain no ticket, see ticketMembership).
 */
export function realtimeCacheHandlers(
  queryClient: QueryClient,
  viewer: () => TicketViewer | null,
  /** The session's own company changed (due date, plan, status): the session follows (see syncSessionCompany). */
  onCompany?: RealtimeScope['onCompany'],
): RealtimeCacheHandlers {
  return dispatchTable(KIT_REALTIME, { queryClient, viewer, onCompany });
}

/**
 * Keeps the nearest AtendeProvider's query cache live with every feature's handlers (see ui-kit/README.md, "Data
 * layer"). AtendeProvider already runs it; running it again changes nothing (each update is idempotent).
 */
export function useRealtimeCache(): void {
  useRealtimeDispatcher(KIT_REALTIME);
}
