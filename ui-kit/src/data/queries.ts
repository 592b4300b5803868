import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../client';
import { unwrap } from '../provider/api-error';
import { useApiClient } from '../provider/context';
import type { MessagePage, TicketPage } from './cache-updaters';
import { flatten, nextPage, unique, type PagedList } from './paging';
import {
  atendeKeys,
  type SearchFilters,
  type TicketFilters,
  type TicketListRoute,
  ticketMarksKey,
} from './query-keys';

type Schemas = components['schemas'];
export type { PagedList } from './paging';

/** What every query hook takes besides its parameters. */
export interface QueryOptions {
  /** false: do not fetch (yet), e.g. until a dialog opens or a permission is known. Default true. */
  enabled?: boolean;
  /** How long an answer counts as fresh, in ms (the provider's default is 30 s). */
  staleTime?: number;
}

export type TicketListData = PagedList<Schemas['TicketDto']> & {
  /** The open and pending badges (as of the last fetch). */
  counts: Schemas['TicketCountsDto'];
};
/** A ticket's messages, oldest first, and the ticket. */
export type MessageList = PagedList<Schemas['MessageDto']> & { ticket: Schemas['TicketDto'] };

const selectTickets = (data: InfiniteData<TicketPage>): TicketListData => ({
  ...flatten(data, (page) => page.tickets),
  counts: data.pages[0]?.counts ?? { open: 0, pending: 0 },
});
const selectMessages = (data: InfiniteData<MessagePage>): MessageList => {
  const newest = data.pages[0];
  // Page 1 is the newest and each page runs oldest first: older pages go before it.
  const items = unique([...data.pages].reverse().flatMap((page) => page.messages));
  return { items, count: newest.count, hasMore: data.pages[data.pages.length - 1].hasMore, ticket: newest.ticket };
};

const idList = (ids: number[] | undefined) => (ids ? JSON.stringify(ids) : undefined);

/** The query string of GET /tickets for one page of a list. */
export function ticketQuery(filters: TicketFilters, pageNumber: number) {
  return { ...filters, queueIds: idList(filters.queueIds), users: idList(filters.users), tags: idList(filters.tags), pageNumber };
}

// ---------------------------------------------------------------------------------------------------------
// Session and tickets

/** GET /auth/me: the signed-in user with permissions, plan features and the company's settings. */
export function useMe(options: QueryOptions = {}): UseQueryResult<Schemas['SessionUserDto']> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.me(), queryFn: ({ signal }) => unwrap(client.GET('/auth/me', { signal })), ...options });
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

/** A ticket's messages (GET /messages/{ticketId}), oldest first; `fetchNextPage()` loads older ones. Live. */
export function useMessages(ticketId: number, filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<MessageList> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.tickets.messages(ticketId, filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/messages/{id}', { params: { path: { id: ticketId }, query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectMessages,
    ...options,
  });
}

/** The query key of the signed-in user's own ticket marks (GET /tickets/marks); the `ticketMark` event writes it. */
/** The query key of a conversation's search (GET /messages/{ticketId}/search). */
export const messageSearchKey = (ticketId: number, q: string) => [...atendeKeys.tickets.all(), 'message-search', ticketId, q] as const;

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

/** GET /messages/{ticketId}/search: the conversation's messages holding `q` (2 characters or more), newest first, each with its page. */
export function useMessageSearch(ticketId: number, q: string, options: QueryOptions = {}): UseQueryResult<Schemas['MessageSearchDto']> {
  const client = useApiClient();
  const term = q.trim();
  return useQuery({
    queryKey: messageSearchKey(ticketId, term),
    queryFn: ({ signal }) => unwrap(client.GET('/messages/{id}/search', { params: { path: { id: ticketId }, query: { q: term } }, signal })),
    ...options,
    enabled: term.length >= 2 && (options.enabled ?? true),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Paginated collections (by name), each with its whole-list and detail routes

/** GET /ticket-notes/list: a ticket's notes, newest first; with `contactId`, only those about that contact. Refetched by the note mutations. */
export function useTicketNotes(ticketId: number, contactId?: number, options: QueryOptions = {}): UseQueryResult<Schemas['TicketNoteDto'][]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.ticketNotes.list(ticketId, contactId),
    queryFn: ({ signal }) => unwrap(client.GET('/ticket-notes/list', { params: { query: { ticketId, contactId } }, signal })),
    ...options,
  });
}

// ---------------------------------------------------------------------------------------------------------
// The platform

/**
 * GET /public-settings' `signupOpen` (no session needed): the platform's public sign-up is open. undefined while
 * loading; a failed read counts as open (the API still refuses a closed sign-up).
 */
export function useSignupOpen(options: QueryOptions = {}): boolean | undefined {
  const client = useApiClient();
  const query = useQuery({
    queryKey: [...atendeKeys.publicSettings(0), 'platform'],
    queryFn: ({ signal }) => unwrap(client.GET('/public-settings', { signal })),
    staleTime: 60_000,
    retry: false,
    ...options,
  });
  if (query.isError) return true;
  return query.data ? query.data.signupOpen !== false : undefined;
}
