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
