// Tickets (GET /tickets and /tickets/groups, a ticket by id or uuid, POST/PUT/DELETE /tickets) and the signed-in
// user's marks on them (GET /tickets/marks, PUT /tickets/{id}/marks). The API announces every change on
// `company-{id}-ticket` and `ticketMark`; the mutations write their answer the way those events do (data/cache-writes.ts).
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useAtende } from '../../../provider/context';
import type { TicketPage, TicketViewer } from '../../../data/cache-updaters';
import { useApiMutation, type Update } from '../../../data/mutations';
import { flatten, nextPage, type PagedList } from '../../../data/paging';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, ticketMarksKey, type TicketFilters, type TicketListRoute } from '../../../data/query-keys';
import { removeTicket, ticketViewer, writeTicket } from '../../../data/cache-writes';
import { putTicketMark } from './ticket-marks';

type Schemas = components['schemas'];

export type TicketListData = PagedList<Schemas['TicketDto']> & {
  /** The open and pending badges (as of the last fetch). */
  counts: Schemas['TicketCountsDto'];
};

const selectTickets = (data: InfiniteData<TicketPage>): TicketListData => ({
  ...flatten(data, (page) => page.tickets),
  counts: data.pages[0]?.counts ?? { open: 0, pending: 0 },
});

const idList = (ids: number[] | undefined) => (ids ? JSON.stringify(ids) : undefined);

/** The query string of GET /tickets for one page of a list. */
export function ticketQuery(filters: TicketFilters, pageNumber: number) {
  return { ...filters, queueIds: idList(filters.queueIds), users: idList(filters.users), tags: idList(filters.tags), pageNumber };
}

/**
 * A ticket list (GET /tickets, or GET /tickets/groups with `route: 'groups'`), 40 per page, most recently
 * updated first; `fetchNextPage()` loads more. Live: tickets come, go and move by the socket's events.
 */
export function useTickets(
  filters: TicketFilters = {},
  { route = 'tickets', ...options }: QueryOptions & { route?: TicketListRoute } = {},
): UseInfiniteQueryResult<TicketListData> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.tickets.list(filters, route),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET(route === 'groups' ? '/tickets/groups' : '/tickets', { params: { query: ticketQuery(filters, pageParam) }, signal })),
    select: selectTickets,
    ...options,
  });
}

/** GET /tickets/{id}. */
export function useTicket(id: number, options: QueryOptions = {}): UseQueryResult<Schemas['TicketDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.tickets.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/tickets/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/**
 * GET /tickets/u/{uuid}: the ticket of the /tickets/{uuid} screen. The answer also fills `detail(id)`, so
 * `useTicket(id)` reads it without a second call and stays live (socket updates write the detail query).
 * A ticket the user may not see rejects with ERR_NO_PERMISSION, an unknown one with ERR_NO_TICKET_FOUND.
 */
export function useTicketByUuid(uuid: string, options: QueryOptions = {}): UseQueryResult<Schemas['TicketDto']> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: atendeKeys.tickets.byUuid(uuid),
    queryFn: async ({ signal }) => {
      const ticket = await unwrap(client.GET('/tickets/u/{uuid}', { params: { path: { uuid } }, signal }));
      queryClient.setQueryData(atendeKeys.tickets.detail(ticket.id), ticket);
      return ticket;
    },
    ...options,
  });
}

/** GET /tickets/marks: the user's pins (newest first) and unread marks. Live for the user (the `ticketMark` event). */
export function useTicketMarks(options: QueryOptions = {}): UseQueryResult<Schemas['TicketMarkDto'][]> {
  const client = useApiClient();
  return useQuery({
    queryKey: ticketMarksKey(),
    queryFn: ({ signal }) => unwrap(client.GET('/tickets/marks', { signal })),
    staleTime: 60_000,
    ...options,
  });
}

/** Who reads the ticket lists, at the time of the answer. */
function useViewer(): (queryClient: QueryClient) => TicketViewer | null {
  const { store } = useAtende();
  return (queryClient) => {
    const user = store.get().user;
    return user ? ticketViewer(queryClient, user) : null;
  };
}

/** POST /tickets: the new ticket goes first in the lists it belongs to. */
export function useCreateTicket() {
  const viewer = useViewer();
  return useApiMutation((client, body: Schemas['CreateTicketDto']) => client.POST('/tickets', { body }), {
    onSuccess: (ticket, _body, queryClient) => writeTicket(queryClient, ticket, viewer(queryClient), { toTop: true }),
  });
}

/** PUT /tickets/{id}: accept, return, close, reopen, transfer. The ticket moves between lists by their filters. */
export function useUpdateTicket() {
  const viewer = useViewer();
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateTicketDto']>) => client.PUT('/tickets/{id}', { params: { path: { id } }, body }), {
    onSuccess: (ticket, _vars, queryClient) => writeTicket(queryClient, ticket, viewer(queryClient)),
  });
}

export function useDeleteTicket() {
  return useApiMutation((client, id: number) => client.DELETE('/tickets/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeTicket(queryClient, id, { deleted: true }),
  });
}

/** PUT /tickets/{id}/marks: pin, unpin or mark unread for the signed-in user; the answer (and its socket event) updates the marks. */
export function useUpdateTicketMark() {
  return useApiMutation(
    (client, { id, body }: Update<Schemas['UpdateTicketMarkDto']>) => client.PUT('/tickets/{id}/marks', { params: { path: { id } }, body }),
    {
      onSuccess: (mark, _vars, queryClient) =>
        queryClient.setQueryData(ticketMarksKey(), (list: Schemas['TicketMarkDto'][] | undefined) => putTicketMark(list, mark)),
    },
  );
}
