// The kanban board's reads and moves: GET /ticket/kanban, DELETE /ticket-tags/{ticketId} and
// PUT /ticket-tags/{ticketId}/{tagId}. The board is live: ticket events reach it through writeTicket.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useAtende } from '../../../provider/context';
import { ticketViewer, writeTicket } from '../../../data/cache-writes';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type KanbanFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];

/**
 * GET /ticket/kanban: the open and pending tickets of the board, with contact, last message and tags, most
 * recently updated first. `queueIds` narrows them (a plain user only ever gets their own queues' tickets).
 * Live: a ticket event replaces, adds or removes a ticket (see kanban-cache.ts).
 */
export function useKanbanTickets(filters: KanbanFilters = {}, options: QueryOptions = {}): UseQueryResult<Schemas['TicketDto'][]> {
  const client = useApiClient();
  const queueIds = filters.queueIds ? JSON.stringify(filters.queueIds) : undefined;
  return useQuery({
    queryKey: atendeKeys.tickets.kanban(filters),
    // The API answers `{ tickets }` (the spec's shape); the cache keeps the list, which kanban-cache.ts edits.
    queryFn: async ({ signal }) => (await unwrap(client.GET('/ticket/kanban', { params: { query: { queueIds } }, signal }))).tickets,
    ...options,
  });
}

/** The answer of a ticket-tag call (the ticket with its new tags) into the cache, as its ticket event would. */
function useWriteAnswer() {
  const { store } = useAtende();
  return (queryClient: Parameters<typeof writeTicket>[0], ticket: Schemas['TicketDto']) => {
    const user = store.get().user;
    writeTicket(queryClient, ticket, user ? ticketViewer(queryClient, user) : null);
  };
}

/** PUT /ticket-tags/{ticketId}/{tagId}: the ticket gains the tag (a kanban move's new lane). Tag counts go stale. */
export function useAddTicketTag() {
  const write = useWriteAnswer();
  return useApiMutation(
    (client, { ticketId, tagId }: { ticketId: number; tagId: number }) =>
      client.PUT('/ticket-tags/{ticketId}/{tagId}', { params: { path: { ticketId, tagId } } }),
    { onSuccess: (ticket, _vars, queryClient) => write(queryClient, ticket), invalidate: () => [atendeKeys.tags.lists()] },
  );
}

/** DELETE /ticket-tags/{ticketId}: the ticket loses its kanban tags (leaves its lane); other tags stay. */
export function useRemoveKanbanTags() {
  const write = useWriteAnswer();
  return useApiMutation((client, ticketId: number) => client.DELETE('/ticket-tags/{ticketId}', { params: { path: { ticketId } } }), {
    onSuccess: (ticket, _vars, queryClient) => write(queryClient, ticket),
    invalidate: () => [atendeKeys.tags.lists()],
  });
}
