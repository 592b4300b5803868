// AI prompts (GET/POST/PUT/DELETE /prompt): an assistant per queue. The API announces every change on
// `company-{id}-prompt` (to admins); the realtime cache and the mutations write the same answers into the cache.
// The writers below stay small: the realtime cache (and so the embed runtime) imports them.
import { writePaged } from '../../../data/cache-writes';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components, ServerChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { removeFromPages } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];
export type PromptDto = Schemas['PromptDto'];
export type SavePromptBody = Schemas['SavePromptDto'];
type PromptPage = Schemas['PromptPageDto'];
/** A prompt as a choice (the connection and queue dialogs' prompt select). */
export interface PromptChoice {
  id: number;
  name: string;
}

/** The API's order: name, then id. */
export const byPromptName = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

function flattenPrompts(data: InfiniteData<PromptPage>): PagedList<PromptDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.prompts).filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/** GET /prompt: the company's prompts by name with their queue, 20 a page. Needs automation:manage and the plan's useOpenAi. */
export function usePrompts(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<PromptDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.prompts.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: PromptPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/prompt', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenPrompts,
    ...options,
  });
}

/** GET /prompt/{id}. */
export function usePrompt(id: number, options: QueryOptions = {}): UseQueryResult<PromptDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.prompts.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/prompt/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

const CHOICE_PAGES_MAX = 50;

/** Every prompt of the company as `{ id, name }`, by name (the prompt selects). Kept live by the `prompt` events. */
export function usePromptOptions(options: QueryOptions = {}): UseQueryResult<PromptChoice[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.prompts.listAll(),
    queryFn: async ({ signal }) => {
      const all: PromptChoice[] = [];
      for (let pageNumber = 1; pageNumber <= CHOICE_PAGES_MAX; pageNumber++) {
        const page = await unwrap(client.GET('/prompt', { params: { query: { pageNumber } }, signal }));
        all.push(...page.prompts.map(({ id, name }) => ({ id, name })));
        if (!page.hasMore) break;
      }
      return all;
    },
    ...options,
  });
}

/** A created or changed prompt into its detail, the choices and every page list. */
export function writePrompt(queryClient: QueryClient, prompt: PromptDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<PromptDto>(atendeKeys.prompts.detail(prompt.id), (old) => (old === undefined ? undefined : prompt));
  queryClient.setQueryData<PromptChoice[]>(atendeKeys.prompts.listAll(), (old) =>
    old === undefined ? undefined : [...old.filter((c) => c.id !== prompt.id), { id: prompt.id, name: prompt.name }].sort(byPromptName),
  );
  writePaged<PromptPage, 'prompts'>(queryClient, atendeKeys.prompts.lists(), 'prompts', prompt, byPromptName, kind);
}

/** A deleted prompt out of every list; its detail query is reset. */
export function removePrompt(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.prompts.detail(id), exact: true });
  queryClient.setQueryData<PromptChoice[]>(atendeKeys.prompts.listAll(), (old) => old?.filter((c) => c.id !== id));
  queryClient.setQueriesData<InfiniteData<PromptPage>>({ queryKey: atendeKeys.prompts.lists() }, (data) => removeFromPages(data, 'prompts', id));
}

/** The realtime cache's writer for `company-{id}-prompt`. */
export function writePromptEvent(queryClient: QueryClient, event: ServerChannels['prompt']): void {
  if (event.action === 'delete') removePrompt(queryClient, event.promptId);
  else writePrompt(queryClient, event.prompt, event.action);
}

/**
 * A prompt's queue and the queue's prompt are one link (one prompt per queue): saving a prompt changes the queues'
 * prompt and may take the queue from another prompt, so both lists are read again (the realtime events do the same).
 */
function followLink(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: atendeKeys.queues.all() });
  void queryClient.invalidateQueries({ queryKey: atendeKeys.prompts.lists() });
}

/** POST /prompt. */
export function useCreatePrompt() {
  return useApiMutation((client, body: SavePromptBody) => client.POST('/prompt', { body }), {
    onSuccess: (prompt, _body, queryClient) => {
      writePrompt(queryClient, prompt, 'create');
      followLink(queryClient);
    },
  });
}

/** PUT /prompt/{id}: an omitted or empty apiKey keeps the stored key. */
export function useUpdatePrompt() {
  return useApiMutation((client, { id, body }: { id: number; body: SavePromptBody }) => client.PUT('/prompt/{id}', { params: { path: { id } }, body }), {
    onSuccess: (prompt, _vars, queryClient) => {
      writePrompt(queryClient, prompt, 'update');
      followLink(queryClient);
    },
  });
}

/** DELETE /prompt/{id}: connections, queues and tickets that used it lose it. */
export function useDeletePrompt() {
  return useApiMutation((client, id: number) => client.DELETE('/prompt/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removePrompt(queryClient, id),
  });
}
