// The company's embed keys (GET/POST/PUT/DELETE /embed-keys): the keys a partner's server signs sign-in tokens with.
// A short list held whole; the mutations write their answers into it (a revoke answers the key with revokedAt set,
// which stays listed).
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { useApiMutation, type Update } from '../../../../data/mutations';
import type { QueryOptions } from '../../../../data/queries';
import { atendeKeys } from '../../../../data/query-keys';

type Schemas = components['schemas'];
export type EmbedKeyDto = Schemas['EmbedKeyDto'];

/** The API's order: newest first. */
const byNewest = (a: EmbedKeyDto, b: EmbedKeyDto): number => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id);

/** GET /embed-keys: every key of the company, newest first, revoked ones included. Needs embed-keys:manage. */
export function useEmbedKeys(options: QueryOptions = {}): UseQueryResult<EmbedKeyDto[]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.embedKeys.list(), queryFn: ({ signal }) => unwrap(client.GET('/embed-keys', { signal })), ...options });
}

/** A created or changed key into the list: replaced where it is, or added in its place (newest first). The secret never enters the cache. */
export function writeEmbedKey(queryClient: QueryClient, key: EmbedKeyDto): void {
  const { id, keyId, name, allowedOrigins, createdAt, lastUsedAt, revokedAt } = key;
  const row: EmbedKeyDto = { id, keyId, name, allowedOrigins, createdAt, lastUsedAt, revokedAt };
  queryClient.setQueryData<EmbedKeyDto[]>(atendeKeys.embedKeys.list(), (list) => {
    if (!list) return list;
    return list.some((k) => k.id === id) ? list.map((k) => (k.id === id ? row : k)) : [...list, row].sort(byNewest);
  });
}

/** POST /embed-keys: answers the key with its `secret`, the only time the API shows it. */
export function useCreateEmbedKey() {
  return useApiMutation((client, body: Schemas['CreateEmbedKeyDto']) => client.POST('/embed-keys', { body }), {
    onSuccess: (key, _body, queryClient) => writeEmbedKey(queryClient, key),
  });
}

/** PUT /embed-keys/{id}: name and allowed origins. 409 ERR_EMBED_KEY_REVOKED for a revoked key. */
export function useUpdateEmbedKey() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateEmbedKeyDto']>) => client.PUT('/embed-keys/{id}', { params: { path: { id } }, body }), {
    onSuccess: (key, _vars, queryClient) => writeEmbedKey(queryClient, key),
  });
}

/** DELETE /embed-keys/{id}: revokes the key (sessions opened with it end at once); answers it with revokedAt set. */
export function useRevokeEmbedKey() {
  return useApiMutation((client, id: number) => client.DELETE('/embed-keys/{id}', { params: { path: { id } } }), {
    onSuccess: (key, _id, queryClient) => writeEmbedKey(queryClient, key),
  });
}
