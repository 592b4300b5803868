import type { RealtimeModule } from '../data/realtime';
import { companiesRealtime } from '../features/admin/companies/data/realtime';
import { connectionsRealtime } from '../features/connections/data/realtime';
import { contactsRealtime } from '../features/contacts/data/realtime';
import { schedulesRealtime } from '../features/schedules/data/realtime';
import { ticketsRealtime } from '../features/tickets/data/realtime';
import { usersRealtime } from '../features/admin/users/data/realtime';
import { queuesRealtime } from '../features/admin/queues/data/realtime';
import { settingsRealtime } from '../features/admin/settings/data/realtime';

/**
 * The realtime handlers an embedded widget's screens need: the tickets, messages, contacts, users, queues and
 * connections they show, the session's company (profile), and the schedules the chat's schedule dialog lists. The
 * other features' handlers (campaigns, contact lists, prompts, invoices...) stay out of the embed: it shows none of them.
 */
export const EMBED_REALTIME: readonly RealtimeModule[] = [
  contactsRealtime,
  ticketsRealtime,
  connectionsRealtime,
  companiesRealtime,
  usersRealtime,
  queuesRealtime,
  settingsRealtime,
  schedulesRealtime,
];
