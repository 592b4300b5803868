import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import type { AtendeClient, components, paths } from '../client';
import { unwrap } from '../provider/api-error';
import { useAtende } from '../provider/context';
import type { TicketViewer } from './cache-updaters';
import {
  removeTicket,
  ticketViewer,
  writeMessage,
  writeTicket,
} from './cache-writes';
import { atendeKeys } from './query-keys';
import { ticketMarksKey } from './query-keys';
import { putTicketMark } from './ticket-marks';
export { putTicketMark } from './ticket-marks';

type Schemas = components['schemas'];

/** What an openapi-fetch call answers. */
export type ApiAnswer<T> = { data?: T; error?: unknown; response: Response };

export interface ApiMutationOptions<TData, TVariables> {
  /** Runs after success, before the invalidations: write the answer into the cache (see the `write*` functions). */
  onSuccess?: (data: TData, variables: TVariables, queryClient: QueryClient) => void;
  /** Query keys (prefixes) marked stale after success; the mutation stays pending until active ones refetched. */
  invalidate?: (data: TData, variables: TVariables) => readonly QueryKey[];
}

/**
 * A mutation over one typed API call: `call` gets the provider's client and the variables; a failed answer
 * rejects with an ApiRequestError (code, status, fields), so `toastError(error)` and form field errors work.
 *
 * ```ts
 * const addNote = useApiMutation(
 *   (client, body: Schema<'CreateTicketNoteDto'>) => client.POST('/ticket-notes', { body }),
 *   { invalidate: (note) => [atendeKeys.tickets.detail(note.ticketId)] },
 * );
 * addNote.mutate({ ticketId, contactId, note: 'Cliente prefere contato à tarde' });
 * ```
 */
export function useApiMutation<TData, TVariables = void>(
  call: (client: AtendeClient, variables: TVariables) => Promise<ApiAnswer<TData>>,
  options: ApiMutationOptions<TData, TVariables> = {},
): UseMutationResult<TData, Error, TVariables> {
  const { client } = useAtende();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => unwrap(call(client, variables)),
    onSuccess: async (data, variables) => {
      options.onSuccess?.(data, variables, queryClient);
      const keys = options.invalidate?.(data, variables) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
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

export type Update<Body> = { id: number; body: Body };

// ---------------------------------------------------------------------------------------------------------
// Tickets and messages

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

export type SendMessageBody = paths['/messages/{id}']['post']['requestBody']['content']['application/json'];

/** POST /messages/{ticketId} with a text (and the message it replies to): the sent message joins the ticket's messages. */
export function useSendMessage(ticketId: number) {
  return useApiMutation((client, body: SendMessageBody) => client.POST('/messages/{id}', { params: { path: { id: ticketId } }, body }), {
    onSuccess: ({ messages }, _body, queryClient) => messages.forEach((message) => writeMessage(queryClient, message, 'create')),
  });
}

/** A multipart send: files go as `medias` (the API takes up to 5), `body` is the caption of the first one. */
export interface SendMediaVariables {
  files: File[];
  body?: string;
  /** Reply to this message (sent as the form field `quotedMsg[id]`). */
  quotedMsgId?: string;
  /** The one file is a voice recording: sent as a WhatsApp voice note (the API makes it Ogg Opus). */
  voiceNote?: boolean;
}

/** The multipart form of POST /messages/{ticketId}. */
export function mediaForm({ files, body, quotedMsgId, voiceNote }: SendMediaVariables): FormData {
  const form = new FormData();
  for (const file of files) form.append('medias', file, file.name);
  if (body?.trim()) form.append('body', body);
  if (quotedMsgId) form.append('quotedMsg[id]', quotedMsgId);
  if (voiceNote) form.append('voiceNote', 'true');
  return form;
}

/**
 * POST /messages/{ticketId} as multipart (files in `medias`, optional caption `body`): one message per file joins
 * the ticket's messages. openapi-fetch sends a FormData body as is, with the browser's multipart boundary.
 */
export function useSendMedia(ticketId: number) {
  return useApiMutation(
    (client, variables: SendMediaVariables) =>
      // The contract types the body by its JSON shape; the FormData carries the same fields.
      client.POST('/messages/{id}', { params: { path: { id: ticketId } }, body: mediaForm(variables) as unknown as SendMessageBody }),
    { onSuccess: ({ messages }, _vars, queryClient) => messages.forEach((message) => writeMessage(queryClient, message, 'create')) },
  );
}

export function useEditMessage() {
  return useApiMutation(
    (client, { messageId, body }: { messageId: string; body: string }) =>
      client.POST('/messages/edit/{messageId}', { params: { path: { messageId } }, body: { body } }),
    { onSuccess: (message, _vars, queryClient) => writeMessage(queryClient, message, 'update') },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Entities with a socket channel: the answer is written like the event that follows it.

// ---------------------------------------------------------------------------------------------------------
// Entities without a socket channel: their queries are refetched.

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
