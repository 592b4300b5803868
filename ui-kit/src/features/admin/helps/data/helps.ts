// The platform's help videos (GET, POST, PUT, DELETE /helps): the same list for every company, changed by super users
// (helps:manage). No socket channel announces them: the mutations write their answers into the cache.
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { removeFromArray, removeFromPages, replaceInPages, upsertInArray, upsertSortedInPages, type Page } from '../../../../data/cache-updaters';
import { useApiMutation } from '../../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../../data/queries';
import { atendeKeys, readListFilters, type SearchFilters } from '../../../../data/query-keys';

type Schemas = components['schemas'];
type HelpDto = Schemas['HelpDto'];
type HelpPage = Schemas['HelpPageDto'];

/** The API's order of helps: title, then id. */
export function byHelpTitle(a: HelpDto, b: HelpDto): number {
  return a.title.localeCompare(b.title) || a.id - b.id;
}

const nextPage = (last: Page, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined);

function selectHelps(data: InfiniteData<HelpPage>): PagedList<HelpDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.records).filter((help) => !seen.has(help.id) && Boolean(seen.add(help.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/** GET /helps: 20 a page by title; `searchParam` matches title or description; `fetchNextPage()` loads more. */
export function useHelps(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<HelpDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.helps.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/helps', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectHelps,
    ...options,
  });
}

/** GET /helps/list: every help video, by title (the /helps page). */
export function useAllHelps(options: QueryOptions = {}): UseQueryResult<HelpDto[]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.helps.listAll(), queryFn: ({ signal }) => unwrap(client.GET('/helps/list', { signal })), ...options });
}

/**
 * A created or changed help into the cached lists: the whole list and the unsearched pages take it in title order; a
 * searched list (whose match the server decides) replaces its copy and refetches.
 */
export function writeHelp(queryClient: QueryClient, help: HelpDto): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.helps.lists() })) {
    const searched = Boolean(readListFilters(query.queryKey).searchParam?.trim());
    queryClient.setQueryData<InfiniteData<HelpPage>>(query.queryKey, (data) =>
      searched ? replaceInPages(data, 'records', help) : upsertSortedInPages(data, 'records', help, byHelpTitle),
    );
    if (searched) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  queryClient.setQueryData<HelpDto[]>(atendeKeys.helps.listAll(), (list) => upsertInArray(list, help, byHelpTitle));
}

/** A deleted help out of every cached list. */
export function removeHelp(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<InfiniteData<HelpPage>>({ queryKey: atendeKeys.helps.lists() }, (data) => removeFromPages(data, 'records', id));
  queryClient.setQueryData<HelpDto[]>(atendeKeys.helps.listAll(), (list) => removeFromArray(list, id));
}

/** POST /helps (helps:manage): `video` may be a YouTube link or id; the answer holds the id. */
export function useCreateHelp() {
  return useApiMutation((client, body: Schemas['CreateHelpDto']) => client.POST('/helps', { body }), {
    onSuccess: (help, _body, queryClient) => writeHelp(queryClient, help),
  });
}

/** PUT /helps/{id} (helps:manage): only the fields sent change. */
export function useUpdateHelp() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: Schemas['UpdateHelpDto'] }) => client.PUT('/helps/{id}', { params: { path: { id } }, body }),
    { onSuccess: (help, _vars, queryClient) => writeHelp(queryClient, help) },
  );
}

/** DELETE /helps/{id} (helps:manage). */
export function useDeleteHelp() {
  return useApiMutation((client, id: number) => client.DELETE('/helps/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeHelp(queryClient, id),
  });
}
