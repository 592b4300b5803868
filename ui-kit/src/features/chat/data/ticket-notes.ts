// A ticket's notes (GET /ticket-notes/list, POST /ticket-notes, DELETE /ticket-notes/{id}). No socket channel: the
// note mutations refetch the ticket's note lists.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];

/** GET /ticket-notes/list: a ticket's notes, newest first; with `contactId`, only those about that contact. Refetched by the note mutations. */
export function useTicketNotes(ticketId: number, contactId?: number, options: QueryOptions = {}): UseQueryResult<Schemas['TicketNoteDto'][]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.ticketNotes.list(ticketId, contactId),
    queryFn: ({ signal }) => unwrap(client.GET('/ticket-notes/list', { params: { query: { ticketId, contactId } }, signal })),
    ...options,
  });
}

/** POST /ticket-notes: the ticket's note lists are refetched. */
export function useCreateTicketNote() {
  return useApiMutation((client, body: Schemas['CreateTicketNoteDto']) => client.POST('/ticket-notes', { body }), {
    invalidate: (note) => [atendeKeys.ticketNotes.ofTicket(note.ticketId)],
  });
}

/** DELETE /ticket-notes/{id} (its author or an admin): the ticket's note lists are refetched. */
export function useDeleteTicketNote() {
  return useApiMutation((client, { id }: { id: number; ticketId: number }) => client.DELETE('/ticket-notes/{id}', { params: { path: { id } } }), {
    invalidate: (_data, { ticketId }) => [atendeKeys.ticketNotes.ofTicket(ticketId)],
  });
}
