// The engine's cache writes every slice builds on (a detail query, the paginated lists); each slice's data/ says
// where its entities live with these (its `write*`/`remove*`), ticket-cache.ts those of tickets and messages. The
// realtime modules call them for socket events and the mutation hooks for the API's answers, so both keep the cache alike.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { removeFromPages, replaceInPages, upsertSortedInPages, type Compare, type ItemOf, type ItemsKey, type Page } from './cache-updaters';
import { writeThroughRead } from './live-write';
import { readListFilters } from './query-keys';

/** `create` may add the entity to lists; `update` also adds it to lists that hold the whole (unsearched) collection. */
export type WriteKind = 'create' | 'update';

/** A detail query gets the new copy only if it was fetched: an event does not fill the cache with unasked data. */
export function setDetail<T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T) => T | undefined): void {
  queryClient.setQueryData<T>(queryKey, (old) => (old === undefined ? undefined : update(old)));
}

/** A deleted entity: its detail query is reset (observers refetch and see the API's 404, nothing stale stays). */
export function dropDetail(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.resetQueries({ queryKey, exact: true });
}

/**
 * An entity into every paginated list under `prefix` (the query keys `skip` names aside). An unsearched list holds
 * every entity in `compare` order, so the entity takes its sorted place. A searched list keeps the server's say: a
 * copy it holds is replaced, and a created entity (which the search may or may not match) marks it stale, left as it
 * is until it reads again (writing data into it would clear the mark).
 */
export function writePaged<P extends Page, K extends ItemsKey<P>>(
  queryClient: QueryClient,
  prefix: QueryKey,
  key: K,
  entity: ItemOf<P, K>,
  compare: Compare<ItemOf<P, K>>,
  kind: WriteKind,
  skip?: (queryKey: QueryKey) => boolean,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    if (skip?.(query.queryKey)) continue;
    const searched = Boolean(readListFilters(query.queryKey).searchParam?.trim());
    if (searched && kind === 'create') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else
      writeThroughRead<InfiniteData<P>>(queryClient, query, (data) =>
        searched ? replaceInPages(data, key, entity) : upsertSortedInPages(data, key, entity, compare),
      );
  }
}

export function removePaged<P extends Page, K extends ItemsKey<P>>(queryClient: QueryClient, prefix: QueryKey, key: K, id: number): void {
  queryClient.setQueriesData<InfiniteData<P>>({ queryKey: prefix }, (data) => removeFromPages(data, key, id));
}

// ---------------------------------------------------------------------------------------------------------
