import type { components } from '../../../client';
import { ticketMarksKey } from '../../../data/query-keys';
import type { RealtimeModule } from '../../../data/realtime';
import { writeTicketRead, removeTicket, writeMessage, writeTicket } from '../../../data/cache-writes';
import { putTicketMark } from './ticket-marks';

type TicketMark = components['schemas']['TicketMarkDto'];

/**
 * What the `ticket`, `appMessage` and `ticketMark` channels' events do to the tickets', messages' and marks' queries
 * (the contact a message event carries is the contacts' module's). Every AtendeProvider and every embedded widget runs it.
 */
export const ticketsRealtime: RealtimeModule = {
  ticket: (event, { queryClient, viewer }) => {
    switch (event.action) {
      case 'update':
        return writeTicket(queryClient, event.ticket, viewer());
      case 'updateUnread':
        return writeTicketRead(queryClient, event.ticketId);
      case 'delete':
        // A ticket that left a status, as the original system tells its status lists (joinTickets, which the kit never
        // sends): not a deletion; the ticket's update places it.
        if ('leftStatus' in event) return;
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
