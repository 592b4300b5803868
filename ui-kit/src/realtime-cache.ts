import type { QueryClient } from '@tanstack/react-query';
import type { TicketViewer } from './data/cache-updaters';
import { dispatchTable, useRealtimeDispatcher, type RealtimeCacheHandlers, type RealtimeModule, type RealtimeScope } from './data/realtime';
import { holidaysRealtime } from './features/admin/holidays/data/realtime';
import { queuesRealtime } from './features/admin/queues/data/realtime';
import { settingsRealtime } from './features/admin/settings/data/realtime';
import { usersRealtime } from './features/admin/users/data/realtime';
import { companiesRealtime } from './features/admin/companies/data/realtime';
import { billingRealtime } from './features/billing/data/realtime';
import { campaignsRealtime } from './features/campaigns/data/realtime';
import { connectionsRealtime } from './features/connections/data/realtime';
import { contactsRealtime } from './features/contacts/data/realtime';
import { internalChatRealtime } from './features/internal-chat/data/realtime';
import { promptsRealtime } from './features/prompts/data/realtime';
import { queueIntegrationsRealtime } from './features/queue-integrations/data/realtime';
import { schedulesRealtime } from './features/schedules/data/realtime';
import { tasksRealtime } from './features/tasks/data/realtime';
import { ticketsRealtime } from './features/tickets/data/realtime';

/**
 * Every feature's realtime handlers: what the kit's AtendeProvider keeps live. The one place that lists the
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
