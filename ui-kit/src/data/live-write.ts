// A socket event written into a query that is reading at that moment would be lost: the read began before the
// event's change was stored, and its answer replaces the cache when it lands. So a live write is applied at once
// and, when a read is in flight, once more when that read lands (every write here is an idempotent upsert or
// replace, and events are applied in the order they came, so the replay leaves the newest copy in place).
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export function writeThroughRead<T>(
  queryClient: QueryClient,
  query: Query<unknown, Error, unknown, QueryKey>,
  update: (data: T | undefined) => T | undefined,
): void {
  const write = () => queryClient.setQueryData<T>(query.queryKey, update);
  write();
  if (query.state.fetchStatus !== 'fetching') return;
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (event.type !== 'updated') return;
    // `manual` is a write into the cache (this one or another), not the read's answer.
    if (event.action.type === 'success' && !event.action.manual) {
      stop();
      write();
    } else if (event.action.type === 'error') stop();
  });
}
