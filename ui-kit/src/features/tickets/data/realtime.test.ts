import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { atendeKeys } from '../../../data/query-keys';
import type { RealtimeChannels } from '../../../data/realtime';
import { idsOf, ticketDto, ticketPages } from '../../../test/data-fixtures';
import { ticketsRealtime } from './realtime';

type TicketEvent = RealtimeChannels['ticket'];

function cacheWithTicket() {
  const queryClient = new QueryClient();
  const ticket = ticketDto({ id: 7, status: 'open' });
  queryClient.setQueryData(atendeKeys.tickets.list({ status: 'open' }), ticketPages([[ticket]]));
  queryClient.setQueryData(atendeKeys.tickets.detail(7), ticket);
  const dispatch = (event: TicketEvent) => ticketsRealtime.ticket!(event, { queryClient, viewer: () => null });
  const listed = () => idsOf(queryClient.getQueryData<InfiniteData<{ tickets: { id: number }[] }>>(atendeKeys.tickets.list({ status: 'open' })), 'tickets');
  return { queryClient, dispatch, listed };
}

describe('ticket events', () => {
  it("ignores the delete that tells the original system's status lists a ticket left one: it is still shown elsewhere", () => {
    const { queryClient, dispatch, listed } = cacheWithTicket();
    dispatch({ action: 'delete', ticketId: 7, status: 'pending', leftStatus: true });
    expect(listed()).toEqual([[7]]);
    expect(queryClient.getQueryData(atendeKeys.tickets.detail(7))).toMatchObject({ id: 7 });
  });

  it('a deletion removes the ticket from the lists and drops its detail', () => {
    const { queryClient, dispatch, listed } = cacheWithTicket();
    dispatch({ action: 'delete', ticketId: 7 });
    expect(listed()).toEqual([[]]);
    expect(queryClient.getQueryData(atendeKeys.tickets.detail(7))).toBeUndefined();
  });
});
