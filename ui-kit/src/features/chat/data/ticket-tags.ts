// A ticket's tags from the ticket itself: POST /tags/sync.
import type { components } from '../../../client';
import { useAtende } from '../../../provider/context';
import { ticketViewer, writeTicket } from '../../../data/cache-writes';
import { useApiMutation } from '../../../data/mutations';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];

/**
 * POST /tags/sync: the ticket's tags become exactly these (any of the company's tags, kanban lanes or not). The
 * answer (the ticket with its new tags) goes into every list and board at once, as its socket event does for the
 * other attendants; tag counts go stale.
 */
export function useSyncTicketTags() {
  const { store } = useAtende();
  return useApiMutation(
    (client, { ticketId, tagIds }: { ticketId: number; tagIds: number[] }) =>
      client.POST('/tags/sync', { body: { ticketId, tags: tagIds.map((id) => ({ id })) } }),
    {
      onSuccess: (ticket: Schemas['TicketDto'], _vars, queryClient) => {
        const user = store.get().user;
        writeTicket(queryClient, ticket, user ? ticketViewer(queryClient, user) : null);
      },
      invalidate: () => [atendeKeys.tags.lists()],
    },
  );
}
