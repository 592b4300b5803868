import type { components } from '../client';
import {
  markRead,
  removeTicket,
  writeMessage,
  writeTicket,
} from './cache-writes';
import { ticketMarksKey } from './query-keys';
import type { RealtimeModule } from './realtime';
import { putTicketMark } from './ticket-marks';

type TicketMark = components['schemas']['TicketMarkDto'];

/**
 * The realtime handlers of the entities data/ still holds (queries.ts, mutations.ts, cache-writes.ts):
 * tickets, messages, ticket marks.
 * Every AtendeProvider and every embedded widget runs them.
 */
export const coreRealtime: RealtimeModule = {
  ticket: (event, { queryClient, viewer }) => {
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
  appMessage: (event, { queryClient, viewer }) => {
    writeMessage(queryClient, event.message, event.action);
    // A new message brings its ticket to the top of the lists; an update (ack, edit) leaves it in place.
    writeTicket(queryClient, event.ticket, viewer(), { toTop: event.action === 'create' });
  },
  ticketMark: (event, { queryClient }) => queryClient.setQueryData(ticketMarksKey(), (list: TicketMark[] | undefined) => putTicketMark(list, event.mark)),
};
