import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from './cache-updaters';

/** A paginated list as screens read it: the loaded items in the API's order (no duplicates), the total, more pages? */
export interface PagedList<T> {
  items: T[];
  /** The total the API answered, kept in step with the items live events add and remove. */
  count: number;
  hasMore: boolean;
}

/** Pages overlap when the list moved between two fetches (a new item shifts the offsets): each id shows once. */
export function unique<T extends { id: number | string }>(items: T[]): T[] {
  const seen = new Set<number | string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** An infinite query's pages as one PagedList (`items` picks a page's records). */
export function flatten<P extends Page, T extends { id: number | string }>(data: InfiniteData<P>, items: (page: P) => T[]): PagedList<T> {
  const last = data.pages[data.pages.length - 1];
  return { items: unique(data.pages.flatMap(items)), count: data.pages[0]?.count ?? 0, hasMore: last?.hasMore ?? false };
}

/** getNextPageParam of the API's `{ hasMore }` pages. */
export const nextPage = (last: Page, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined);

/** What a paginated list screen needs from its infinite query, in the props `ListPage` views take. */
export interface InfiniteListState {
  hasNextPage: boolean;
  isPending: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Infinite scroll and the retry of a list screen, from its infinite query (one place for every connected list). */
export function pagingProps(list: InfiniteListState) {
  return {
    hasMore: Boolean(list.hasNextPage),
    isLoading: list.isPending || list.isFetchingNextPage,
    onLoadMore: () => void list.fetchNextPage(),
    isError: list.isError,
    onReload: () => void list.refetch(),
  };
}
