// Quick messages (GET/POST/PUT/DELETE /quick-messages, the usable list at /quick-messages/list). No socket channel:
// the mutations refetch the lists.
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation, type Update } from '../../../data/mutations';
import { flatten, nextPage, type PagedList } from '../../../data/paging';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type QuickMessageFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];

const selectQuickMessages = (data: InfiniteData<Schemas['QuickMessagePageDto']>) => flatten(data, (page) => page.records);

/** GET /quick-messages: the quick-message admin list, by shortcode. */
export function useQuickMessages(filters: QuickMessageFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<Schemas['QuickMessageDto']>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.quickMessages.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/quick-messages', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectQuickMessages,
    ...options,
  });
}

/** GET /quick-messages/list: the quick messages the signed-in user may use after `/` in the message input. */
export function useUsableQuickMessages(options: QueryOptions = {}): UseQueryResult<Schemas['QuickMessageDto'][]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.quickMessages.usable(),
    queryFn: ({ signal }) => unwrap(client.GET('/quick-messages/list', { signal })),
    ...options,
  });
}

export function useCreateQuickMessage() {
  return useApiMutation((client, body: Schemas['CreateQuickMessageDto']) => client.POST('/quick-messages', { body }), {
    invalidate: () => [atendeKeys.quickMessages.all()],
  });
}

export function useUpdateQuickMessage() {
  return useApiMutation(
    (client, { id, body }: Update<Schemas['UpdateQuickMessageDto']>) => client.PUT('/quick-messages/{id}', { params: { path: { id } }, body }),
    { invalidate: () => [atendeKeys.quickMessages.all()] },
  );
}

export function useDeleteQuickMessage() {
  return useApiMutation((client, id: number) => client.DELETE('/quick-messages/{id}', { params: { path: { id } } }), {
    invalidate: () => [atendeKeys.quickMessages.all()],
  });
}
