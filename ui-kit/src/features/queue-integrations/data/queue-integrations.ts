// Queue integrations (GET/POST/PUT/DELETE /queueIntegration, the Dialogflow test and the signing secret): what answers
// a ticket's customer before people (dialogflow, n8n, webhook, typebot). The API announces every change on
// `company-{id}-queueIntegration` (to admins); the realtime cache and the mutations write the same answers into the
// cache. The writers below stay small: the realtime cache (and so the embed runtime) imports them.
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
export type QueueIntegrationDto = Schemas['QueueIntegrationDto'];
/** The create (and type-changing update) answer: n8n and webhook carry their signing secret once. */
export type CreatedQueueIntegrationDto = Schemas['CreatedQueueIntegrationDto'];
export type SaveQueueIntegrationBody = Schemas['SaveQueueIntegrationDto'];
export type QueueIntegrationType = QueueIntegrationDto['type'];
export type TestSessionBody = Schemas['TestSessionDto'];
export type TestSessionResult = Schemas['TestSessionResultDto'];
type QueueIntegrationPage = Schemas['QueueIntegrationPageDto'];
/** An integration as a choice (the connection and queue dialogs' integration select). */
export interface QueueIntegrationChoice {
  id: number;
  name: string;
  type: QueueIntegrationType;
  /** Typebot: its public front-end URL (the typebot page). */
  urlFrontend: string | null;
}

/** The API's order: name, then id. */
export const byIntegrationName = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

const choiceOf = ({ id, name, type, urlFrontend }: QueueIntegrationDto): QueueIntegrationChoice => ({ id, name, type, urlFrontend });

function flatten(data: InfiniteData<QueueIntegrationPage>): PagedList<QueueIntegrationDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.queueIntegrations).filter((q) => !seen.has(q.id) && Boolean(seen.add(q.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/** GET /queueIntegration: the company's integrations by name, 20 a page. Needs automation:manage and the plan's useIntegrations. */
export function useQueueIntegrations(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<QueueIntegrationDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.queueIntegrations.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: QueueIntegrationPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/queueIntegration', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flatten,
    ...options,
  });
}

/** GET /queueIntegration/{id}. */
export function useQueueIntegration(id: number, options: QueryOptions = {}): UseQueryResult<QueueIntegrationDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.queueIntegrations.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/queueIntegration/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

const CHOICE_PAGES_MAX = 50;

/**
 * Every integration of the company as a choice, by name: the integration selects, and the typebot page (the first
 * typebot's front-end URL). Kept live by the `queueIntegration` events.
 */
export function useQueueIntegrationOptions(options: QueryOptions = {}): UseQueryResult<QueueIntegrationChoice[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.queueIntegrations.listAll(),
    queryFn: async ({ signal }) => {
      const all: QueueIntegrationChoice[] = [];
      for (let pageNumber = 1; pageNumber <= CHOICE_PAGES_MAX; pageNumber++) {
        const page = await unwrap(client.GET('/queueIntegration', { params: { query: { pageNumber } }, signal }));
        all.push(...page.queueIntegrations.map(choiceOf));
        if (!page.hasMore) break;
      }
      return all;
    },
    ...options,
  });
}

/** A created or changed integration into its detail, the choices and every page list (never a secret: the DTO has none). */
export function writeQueueIntegration(queryClient: QueryClient, row: QueueIntegrationDto, kind: 'create' | 'update'): void {
  // A create or update answer may carry the one-time `secret`: the cache keeps the GET shape only.
  const { secret: _secret, ...integration } = row as CreatedQueueIntegrationDto;
  queryClient.setQueryData<QueueIntegrationDto>(atendeKeys.queueIntegrations.detail(integration.id), (old) => (old === undefined ? undefined : integration));
  queryClient.setQueryData<QueueIntegrationChoice[]>(atendeKeys.queueIntegrations.listAll(), (old) =>
    old === undefined ? undefined : [...old.filter((c) => c.id !== integration.id), choiceOf(integration)].sort(byIntegrationName),
  );
  writePaged<QueueIntegrationPage, 'queueIntegrations'>(
    queryClient,
    atendeKeys.queueIntegrations.lists(),
    'queueIntegrations',
    integration,
    byIntegrationName,
    kind,
  );
}

/** A deleted integration out of every list; its detail query is reset. */
export function removeQueueIntegration(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.queueIntegrations.detail(id), exact: true });
  queryClient.setQueryData<QueueIntegrationChoice[]>(atendeKeys.queueIntegrations.listAll(), (old) => old?.filter((c) => c.id !== id));
  queryClient.setQueriesData<InfiniteData<QueueIntegrationPage>>({ queryKey: atendeKeys.queueIntegrations.lists() }, (data) =>
    removeFromPages(data, 'queueIntegrations', id),
  );
}

/** The realtime cache's writer for `company-{id}-queueIntegration`. */
export function writeQueueIntegrationEvent(queryClient: QueryClient, event: ServerChannels['queueIntegration']): void {
  if (event.action === 'delete') removeQueueIntegration(queryClient, event.integrationId);
  else writeQueueIntegration(queryClient, event.queueIntegration, event.action);
}

/** POST /queueIntegration: n8n and webhook answer their signing secret once (`secret`). */
export function useCreateQueueIntegration() {
  return useApiMutation((client, body: SaveQueueIntegrationBody) => client.POST('/queueIntegration', { body }), {
    onSuccess: (row, _body, queryClient) => writeQueueIntegration(queryClient, row, 'create'),
  });
}

/** PUT /queueIntegration/{id}: the whole dialog; a blank jsonContent keeps the stored key. */
export function useUpdateQueueIntegration() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: SaveQueueIntegrationBody }) => client.PUT('/queueIntegration/{id}', { params: { path: { id } }, body }),
    { onSuccess: (row, _vars, queryClient) => writeQueueIntegration(queryClient, row, 'update') },
  );
}

/** DELETE /queueIntegration/{id}: connections, queues and tickets that used it lose it. */
export function useDeleteQueueIntegration() {
  return useApiMutation((client, id: number) => client.DELETE('/queueIntegration/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeQueueIntegration(queryClient, id),
  });
}

/** POST /queueIntegration/{id}/secret: a new signing secret (answered once); the old one stops working. */
export function useRotateQueueIntegrationSecret() {
  return useApiMutation((client, id: number) => client.POST('/queueIntegration/{id}/secret', { params: { path: { id } } }));
}

/** POST /queueIntegration/testSession: detectIntent 'Olá' with the given (or, with `id`, the stored) credentials. */
export function useTestDialogflowSession() {
  return useApiMutation((client, body: TestSessionBody) => client.POST('/queueIntegration/testSession', { body }));
}
