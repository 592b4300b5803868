// Tags (GET/POST/PUT/DELETE /tags, every tag at /tags/list, the kanban lanes at /tags/kanban). No socket channel:
// the mutations refetch every tag query.
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation, type Update } from '../../../data/mutations';
import { flatten, nextPage, type PagedList } from '../../../data/paging';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];

const selectTags = (data: InfiniteData<Schemas['TagPageDto']>) => flatten(data, (page) => page.tags);

/** GET /tags: the company's tags by name, with their ticket counts. */
export function useTags(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<Schemas['TagDto']>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.tags.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/tags', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectTags,
    ...options,
  });
}

/** GET /tags/list: every tag, for pickers. */
export function useAllTags(options: QueryOptions = {}): UseQueryResult<Schemas['TagDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.tags.listAll(), queryFn: ({ signal }) => unwrap(client.GET('/tags/list', { signal })), ...options });
}

/** GET /tags/kanban: the tags that are kanban lanes. */
export function useKanbanTags(options: QueryOptions = {}): UseQueryResult<Schemas['TagDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.tags.kanban(), queryFn: ({ signal }) => unwrap(client.GET('/tags/kanban', { signal })), ...options });
}

export function useCreateTag() {
  return useApiMutation((client, body: Schemas['CreateTagDto']) => client.POST('/tags', { body }), { invalidate: () => [atendeKeys.tags.all()] });
}

export function useUpdateTag() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateTagDto']>) => client.PUT('/tags/{id}', { params: { path: { id } }, body }), {
    invalidate: () => [atendeKeys.tags.all()],
  });
}

export function useDeleteTag() {
  return useApiMutation((client, id: number) => client.DELETE('/tags/{id}', { params: { path: { id } } }), {
    invalidate: () => [atendeKeys.tags.all()],
  });
}
