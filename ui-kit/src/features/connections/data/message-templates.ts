// An official connection's message templates: GET /whatsapp/{id}/templates (any user: the composer offers the approved
// ones) and POST /whatsapp/{id}/templates/sync (managers), whose answer replaces the cached lists.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Schema } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys } from '../../../data/query-keys';

type MessageTemplate = Schema<'MessageTemplateDto'>;
/** All of a connection's templates, or those of one status. */
export interface MessageTemplateFilters {
  status?: Schema<'TemplateStatus'>;
}

/** The connection's templates as last synced; `status: 'APPROVED'` for those that can be sent or chosen. */
export function useMessageTemplates(whatsappId: number, filters: MessageTemplateFilters = {}, options: QueryOptions = {}): UseQueryResult<MessageTemplate[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.whatsapps.templates(whatsappId, filters),
    queryFn: ({ signal }) => unwrap(client.GET('/whatsapp/{whatsappId}/templates', { params: { path: { whatsappId }, query: filters }, signal })),
    ...options,
  });
}

/** Asks the provider for the business account's templates again; every cached list of the connection follows. */
export function useSyncMessageTemplates() {
  return useApiMutation((client, whatsappId: number) => client.POST('/whatsapp/{whatsappId}/templates/sync', { params: { path: { whatsappId } } }), {
    onSuccess: (templates, whatsappId, queryClient) => {
      // Every cached list of the connection (all, or one status) is written from the answer, no refetch.
      const write = (status?: MessageTemplateFilters['status']) =>
        queryClient.setQueryData(
          atendeKeys.whatsapps.templates(whatsappId, status ? { status } : {}),
          status ? templates.filter((t) => t.status === status) : templates,
        );
      write();
      for (const [key] of queryClient.getQueriesData({ queryKey: atendeKeys.whatsapps.templatesOf(whatsappId) })) {
        const status = (key[4] as MessageTemplateFilters | undefined)?.status;
        if (status) write(status);
      }
    },
  });
}
