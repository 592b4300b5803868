import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import type { AtendeClient } from '../client';
import { unwrap } from '../provider/api-error';
import { useAtende } from '../provider/context';

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

export type Update<Body> = { id: number; body: Body };
