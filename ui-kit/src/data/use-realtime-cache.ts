import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { companyEvent, type ServerChannels, type TicketChannels } from '../client';
import type { ChatChannels } from '../client';
import type { TaskChannels } from '../client';
import { useAtende } from '../provider/context';
import type { TicketViewer } from './cache-updaters';
import {
  markRead,
  removeContact,
  removeQueue,
  removeQueueOptions,
  removeTicket,
  removeUser,
  removeWhatsapp,
  ticketViewer,
  writeCompany,
  writeContact,
  writeInvoice,
  writeMessage,
  writeQueue,
  writeQueueOption,
  writeSetting,
  writeTicket,
  writeUser,
  writeWhatsapp,
} from './cache-writes';
import { sessionReader, syncSessionCompany } from './session-company';
import { putTicketMark } from './ticket-marks';
import { ticketMarksKey } from './query-keys';
import type { components } from '../client';

type TicketMark = components['schemas']['TicketMarkDto'];
import { removeFileList, writeFileList } from './file-lists';
import { applyCampaignEvent } from './campaigns';
import { applyScheduleEvent } from './schedules';
import { applyPromptEvent } from './prompts';
import { applyHolidayEvent } from './holidays';
import { applyQueueIntegrationEvent } from './queue-integrations';
import { applyChatEvent } from './chats';
import { applyTaskEvent } from './tasks';
import { reloadContactListItems, removeContactList, removeContactListItem, writeContactList, writeContactListItem } from './contact-lists';

type Channels = ServerChannels & TicketChannels & Pick<ChatChannels, 'chat'> & TaskChannels;

/** The socket channels that keep the query cache live. */
export const CACHE_CHANNELS = [
  'user',
  'queue',
  'queueOption',
  'whatsapp',
  'whatsappSession',
  'settings',
  'company',
  'invoice',
  'contact',
  'ticket',
  'appMessage',
  'file',
  'ContactList',
  'ContactListItem',
  'campaign',
  'schedule',
  'prompt',
  'queueIntegration',
  'chat',
  'task',
  'ticketMark',
  'holiday',
] as const;
export type CacheChannel = (typeof CACHE_CHANNELS)[number];
export type RealtimeCacheHandlers = { [C in CacheChannel]: (payload: Channels[C]) => void };

/**
 * What each event does to the cache of `queryClient`. `viewer` answers who reads the ticket lists at the time of
 * the event (null without a session: ticket lists then gain no ticket, see ticketMembership).
 */
export function realtimeCacheHandlers(
  queryClient: QueryClient,
  viewer: () => TicketViewer | null,
  /** The session's own company changed (due date, plan, status): the session follows (see syncSessionCompany). */
  onCompany?: (company: Channels['company']['company']) => void,
): RealtimeCacheHandlers {
  return {
    user: (event) => (event.action === 'delete' ? removeUser(queryClient, event.userId) : writeUser(queryClient, event.user, event.action)),
    queue: (event) => (event.action === 'delete' ? removeQueue(queryClient, event.queueId) : writeQueue(queryClient, event.queue)),
    queueOption: (event) =>
      event.action === 'delete' ? removeQueueOptions(queryClient, event.queueId, event.queueOptionIds) : writeQueueOption(queryClient, event.queueOption),
    whatsapp: (event) => (event.action === 'delete' ? removeWhatsapp(queryClient, event.whatsappId) : writeWhatsapp(queryClient, event.whatsapp)),
    whatsappSession: (event) => writeWhatsapp(queryClient, event.session),
    settings: (event) => writeSetting(queryClient, event.setting),
    company: (event) => {
      writeCompany(queryClient, event.company);
      onCompany?.(event.company);
    },
    invoice: (event) => writeInvoice(queryClient, event.invoice, event.action),
    contact: (event) => (event.action === 'delete' ? removeContact(queryClient, event.contactId) : writeContact(queryClient, event.contact)),
    ticket: (event) => {
      switch (event.action) {
        case 'update':
          return writeTicket(queryClient, event.ticket, viewer());
        case 'updateUnread':
          return markRead(queryClient, event.ticketId);
        case 'delete':
          return removeTicket(queryClient, event.ticketId, { deleted: true });
        case 'removeFromList':
          return removeTicket(queryClient, event.ticketId, { deleted: false });
      }
    },
    appMessage: (event) => {
      writeMessage(queryClient, event.message, event.action);
      writeContact(queryClient, event.contact);
      // A new message brings its ticket to the top of the lists; an update (ack, edit) leaves it in place.
      writeTicket(queryClient, event.ticket, viewer(), { toTop: event.action === 'create' });
    },
    file: (event) => (event.action === 'delete' ? removeFileList(queryClient, event.fileId) : writeFileList(queryClient, event.files, event.action)),
    ContactList: (event) => (event.action === 'delete' ? removeContactList(queryClient, event.id) : writeContactList(queryClient, event.record, event.action)),
    ContactListItem: (event) =>
      event.action === 'reload'
        ? reloadContactListItems(queryClient, event.contactListId)
        : event.action === 'delete'
          ? removeContactListItem(queryClient, event.id)
          : writeContactListItem(queryClient, event.record, event.action),
    campaign: (event) => applyCampaignEvent(queryClient, event),
    schedule: (event) => applyScheduleEvent(queryClient, event),
    prompt: (event) => applyPromptEvent(queryClient, event),
    queueIntegration: (event) => applyQueueIntegrationEvent(queryClient, event),
    chat: (event) => applyChatEvent(queryClient, event),
    task: (event) => applyTaskEvent(queryClient, event),
    ticketMark: (event) => queryClient.setQueryData(ticketMarksKey(), (list: TicketMark[] | undefined) => putTicketMark(list, event.mark)),
    holiday: (event) => applyHolidayEvent(queryClient, event),
  };
}

/**
 * Keeps the nearest AtendeProvider's query cache live: listens to `company-{companyId}-{channel}` on its socket
 * and turns each event into cache updates (see ui-kit/README.md, "Data layer"). Everything comes from the
 * provider's context, so two providers on a page keep two independent caches. AtendeProvider already runs it;
 * running it again changes nothing (each update is idempotent).
 */
export function useRealtimeCache(): void {
  const { socket, store, client } = useAtende();
  const queryClient = useQueryClient();
  const companyId = useSyncExternalStore(store.subscribe, () => store.get().user?.companyId);

  useEffect(() => {
    if (!socket || companyId === undefined) return;
    const viewer = () => {
      const user = store.get().user;
      return user ? ticketViewer(queryClient, user) : null;
    };
    const handlers = realtimeCacheHandlers(queryClient, viewer, (company) => void syncSessionCompany(store, sessionReader(client, queryClient), company));
    const listeners = CACHE_CHANNELS.map((channel) => {
      const event = companyEvent(companyId, channel);
      const listener = (payload: unknown) => {
        try {
          (handlers[channel] as (payload: unknown) => void)(payload);
        } catch (err) {
          // A payload of another shape than the contract's must not break the socket's other listeners.
          console.error(`atende: ${event} not applied to the cache`, err);
        }
      };
      socket.on(event, listener);
      return () => void socket.off(event, listener);
    });
    // Catch-up: the server puts a socket in its rooms before it answers the handshake, so an event sent before a
    // (re)connect was heard by nobody here. Whatever the cache read before that moment, at page load or through an
    // outage, is read again: refetched where it is on screen, marked stale elsewhere. Events from then on are heard.
    const catchUp = () => void queryClient.invalidateQueries();
    socket.on('connect', catchUp);
    if (socket.connected) catchUp();
    return () => {
      socket.off('connect', catchUp);
      listeners.forEach((off) => off());
    };
  }, [socket, companyId, queryClient, store, client]);
}
