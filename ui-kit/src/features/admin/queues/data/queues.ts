// Queues (GET/POST/PUT/DELETE /queue) and their chatbot menus (/queue-options). The API announces every change on
// `company-{id}-queue` and `-queueOption`; the mutations write their answer the way those events do.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { useApiMutation, type Update } from '../../../../data/mutations';
import type { QueryOptions } from '../../../../data/queries';
import { atendeKeys, type QueueOptionFilters } from '../../../../data/query-keys';
import { removeQueue, removeQueueOptions, writeQueue, writeQueueOption } from './queue-cache';

type Schemas = components['schemas'];

/** GET /queue: every queue, in menu order. Live. */
export function useQueues(options: QueryOptions = {}): UseQueryResult<Schemas['QueueDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.queues.list(), queryFn: ({ signal }) => unwrap(client.GET('/queue', { signal })), ...options });
}

export function useQueue(id: number, options: QueryOptions = {}): UseQueryResult<Schemas['QueueDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.queues.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/queue/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/**
 * GET /queue-options: one level of a queue's chatbot menu by option number (parentId -1: the first level; an
 * option's id: its children), or the whole menu without parentId (build the tree with `parentId`). Live.
 */
export function useQueueOptions(filters: QueueOptionFilters, options: QueryOptions = {}): UseQueryResult<Schemas['QueueOptionDto'][]> {
  const client = useApiClient();
  const { queueId, parentId } = filters;
  return useQuery({
    queryKey: atendeKeys.queueOptions.list(queueId, parentId),
    queryFn: ({ signal }) => unwrap(client.GET('/queue-options', { params: { query: { queueId, parentId } }, signal })),
    ...options,
  });
}

export function useCreateQueue() {
  return useApiMutation((client, body: Schemas['CreateQueueDto']) => client.POST('/queue', { body }), {
    onSuccess: (queue, body, queryClient) => {
      writeQueue(queryClient, queue);
      // The queue's prompt and the prompt's queue are one link: the prompts (and the queue that lost it) follow.
      if (body.promptId != null) void queryClient.invalidateQueries({ queryKey: atendeKeys.prompts.all() });
      if (body.promptId != null) void queryClient.invalidateQueries({ queryKey: atendeKeys.queues.list() });
    },
  });
}

export function useUpdateQueue() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateQueueDto']>) => client.PUT('/queue/{id}', { params: { path: { id } }, body }), {
    onSuccess: (queue, { body }, queryClient) => {
      writeQueue(queryClient, queue);
      // The queue's prompt and the prompt's queue are one link: the prompts (and the queue that lost it) follow.
      if (body.promptId !== undefined) void queryClient.invalidateQueries({ queryKey: atendeKeys.prompts.all() });
      if (body.promptId != null) void queryClient.invalidateQueries({ queryKey: atendeKeys.queues.list() });
    },
  });
}

/** POST /queue-options: the new option joins its level (numbered after its last sibling when no option is sent). */
export function useCreateQueueOption() {
  return useApiMutation((client, body: Schemas['CreateQueueOptionDto']) => client.POST('/queue-options', { body }), {
    onSuccess: (option, _body, queryClient) => writeQueueOption(queryClient, option),
  });
}

export function useUpdateQueueOption() {
  return useApiMutation(
    (client, { id, body }: Update<Schemas['UpdateQueueOptionDto']>) => client.PUT('/queue-options/{id}', { params: { path: { id } }, body }),
    { onSuccess: (option, _vars, queryClient) => writeQueueOption(queryClient, option) },
  );
}

/** What deleting a queue option takes: the option itself will do (its id and queue; parentId is not needed). */
export type DeleteQueueOptionVariables = Pick<Schemas['QueueOptionDto'], 'id' | 'queueId'> & { parentId?: number | null };

/**
 * DELETE /queue-options/{id}: the option leaves with everything below it; the API renumbers its siblings 1..n, so
 * the queue's lists are refetched.
 */
export function useDeleteQueueOption() {
  return useApiMutation((client, { id }: DeleteQueueOptionVariables) => client.DELETE('/queue-options/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, { id, queueId }, queryClient) => removeQueueOptions(queryClient, queueId, [id]),
    invalidate: (_data, { queueId }) => [atendeKeys.queueOptions.ofQueue(queueId)],
  });
}

export function useDeleteQueue() {
  return useApiMutation((client, id: number) => client.DELETE('/queue/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeQueue(queryClient, id),
  });
}
