// An official connection's message templates: GET /whatsapp/{id}/templates (any user: the composer offers the approved
// ones) and POST /whatsapp/{id}/templates/sync (managers), whose answer replaces the cached lists.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation, type ApiAnswer } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys } from '../../../data/query-keys';
import type { MessageTemplate } from './official-contract';

/** The routes are not in the generated client until the contract is regenerated: called through it untyped. */
type Untyped = {
  GET(
    path: string,
    init: { params: { path: { whatsappId: number }; query?: { status?: string } }; signal?: AbortSignal },
  ): Promise<ApiAnswer<MessageTemplate[]>>;
  POST(path: string, init: { params: { path: { whatsappId: number } } }): Promise<ApiAnswer<MessageTemplate[]>>;
};
const untyped = (client: unknown) => client as Untyped;

/** The connection's templates as last synced; `status: 'APPROVED'` for those that can be sent or chosen. */
export function useMessageTemplates(whatsappId: number, filters: { status?: string } = {}, options: QueryOptions = {}): UseQueryResult<MessageTemplate[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.whatsapps.templates(whatsappId, filters),
    queryFn: ({ signal }) => unwrap(untyped(client).GET('/whatsapp/{whatsappId}/templates', { params: { path: { whatsappId }, query: filters }, signal })),
    ...options,
  });
}

/** Asks the provider for the business account's templates again; every cached list of the connection follows. */
export function useSyncMessageTemplates() {
  return useApiMutation((client, whatsappId: number) => untyped(client).POST('/whatsapp/{whatsappId}/templates/sync', { params: { path: { whatsappId } } }), {
    onSuccess: (templates, whatsappId, queryClient) => {
      // Every cached list of the connection (all, or one status) is written from the answer, no refetch.
      const write = (status?: string) =>
        queryClient.setQueryData(
          atendeKeys.whatsapps.templates(whatsappId, status ? { status } : {}),
          status ? templates.filter((t) => t.status === status) : templates,
        );
      write();
      for (const [key] of queryClient.getQueriesData({ queryKey: atendeKeys.whatsapps.templatesOf(whatsappId) })) {
        const status = (key[4] as { status?: string } | undefined)?.status;
        if (status) write(status);
      }
    },
  });
}
