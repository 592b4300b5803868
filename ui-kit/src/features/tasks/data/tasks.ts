// The signed-in user's personal tasks (GET/POST/PUT/DELETE /tasks): one array, pending first then completed, newest
// first within each. The `task` channel (company-{id}-task, heard only by the owner's own sockets) keeps it live in
// every tab; the mutations write their answers the same way. Kept small: the top bar's tasks bell (the console's
// initial chunk) imports it; the editor lives in the tasks page's chunk.
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { components, TaskChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { removeFromArray, upsertInArray } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];
export type TaskDto = Schemas['TaskDto'];
export type TaskEvent = TaskChannels['task'];

/** The API's order: pending before completed, then newest first (then higher id). */
export function byTaskOrder(a: TaskDto, b: TaskDto): number {
  return Number(a.completed) - Number(b.completed) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/** GET /tasks: the caller's whole list (their own tasks only). */
export function useTasks(options: QueryOptions = {}): UseQueryResult<TaskDto[]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.tasks.list(), queryFn: ({ signal }) => unwrap(client.GET('/tasks', { signal })), ...options });
}

/** A created or changed task into the cached list, at its place in the API's order. */
export function writeTask(queryClient: QueryClient, task: TaskDto): void {
  queryClient.setQueryData<TaskDto[]>(atendeKeys.tasks.list(), (list) => upsertInArray(list, task, byTaskOrder));
}

export function removeTask(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<TaskDto[]>(atendeKeys.tasks.list(), (list) => removeFromArray(list, id));
}

export function writeTaskEvent(queryClient: QueryClient, event: TaskEvent): void {
  if (event.action === 'delete') removeTask(queryClient, event.taskId);
  else writeTask(queryClient, event.task);
}

/** POST /tasks: the server sanitises the description and stamps the dates. */
export function useCreateTask() {
  return useApiMutation((client, body: Schemas['CreateTaskDto']) => client.POST('/tasks', { body }), {
    onSuccess: (task, _body, queryClient) => writeTask(queryClient, task),
  });
}

/** PUT /tasks/{id}: only the fields sent change (text, description, completed). */
export function useUpdateTask() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: Schemas['UpdateTaskDto'] }) => client.PUT('/tasks/{id}', { params: { path: { id } }, body }),
    { onSuccess: (task, _vars, queryClient) => writeTask(queryClient, task) },
  );
}

/** DELETE /tasks/{id}. */
export function useDeleteTask() {
  return useApiMutation((client, id: number) => client.DELETE('/tasks/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeTask(queryClient, id),
  });
}
