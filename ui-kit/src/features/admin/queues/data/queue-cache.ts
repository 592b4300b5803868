// Where a queue and its menu options live in the query cache. The `queue` and `queueOption` events and the
// mutations' answers both land here. Apart from the hooks so the embed's runtime carries only these writes.
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { byQueueOrder, removeFromArray, upsertInArray } from '../../../../data/cache-updaters';
import { dropDetail, setDetail } from '../../../../data/cache-writes';
import { atendeKeys } from '../../../../data/query-keys';

type Schemas = components['schemas'];
type QueueDto = Schemas['QueueDto'];

export function writeQueue(queryClient: QueryClient, queue: QueueDto): void {
  setDetail<QueueDto>(queryClient, atendeKeys.queues.detail(queue.id), () => queue);
  queryClient.setQueryData<QueueDto[]>(atendeKeys.queues.list(), (list) => upsertInArray(list, queue, byQueueOrder));
}

export function removeQueue(queryClient: QueryClient, queueId: number): void {
  dropDetail(queryClient, atendeKeys.queues.detail(queueId));
  queryClient.setQueryData<QueueDto[]>(atendeKeys.queues.list(), (list) => removeFromArray(list, queueId));
}

type QueueOptionDto = Schemas['QueueOptionDto'];

const byOptionNumber = (a: QueueOptionDto, b: QueueOptionDto) => a.option - b.option || a.id - b.id;

/** The whole-menu list's order: first level first, then by parent, then by number (the API's). */
const byMenuOrder = (a: QueueOptionDto, b: QueueOptionDto) => (a.parentId ?? 0) - (b.parentId ?? 0) || byOptionNumber(a, b);

/** A created or changed option into its level's list and the whole-menu list of its queue (where cached). */
export function writeQueueOption(queryClient: QueryClient, option: QueueOptionDto): void {
  const level = atendeKeys.queueOptions.list(option.queueId, option.parentId ?? -1);
  queryClient.setQueryData<QueueOptionDto[]>(level, (list) => upsertInArray(list, option, byOptionNumber));
  queryClient.setQueryData<QueueOptionDto[]>(atendeKeys.queueOptions.list(option.queueId), (list) => upsertInArray(list, option, byMenuOrder));
}

/** Deleted options (an option and everything below it) out of every list of their queue; their children's lists go. */
export function removeQueueOptions(queryClient: QueryClient, queueId: number, ids: number[]): void {
  for (const id of ids) queryClient.removeQueries({ queryKey: atendeKeys.queueOptions.list(queueId, id), exact: true });
  queryClient.setQueriesData<QueueOptionDto[]>({ queryKey: atendeKeys.queueOptions.ofQueue(queueId) }, (list) => list?.filter((o) => !ids.includes(o.id)));
}
