// The session's own reads that are not an entity of a slice: the signed-in user again (GET /auth/me) and whether
// the platform's public sign-up is open. Beside the provider (they need no data/ piece), for the shell, the kanban
// board and the sign-in screens.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../client';
import { unwrap } from './api-error';
import { useApiClient } from './context';
import { meKey, publicSettingsKey } from './provider-keys';

/** What every query hook takes besides its parameters. */
export interface QueryOptions {
  /** false: do not fetch (yet), e.g. until a dialog opens or a permission is known. Default true. */
  enabled?: boolean;
  /** How long an answer counts as fresh, in ms (the provider's default is 30 s). */
  staleTime?: number;
}

/** GET /auth/me: the signed-in user with permissions, plan features and the company's settings. */
export function useMe(options: QueryOptions = {}): UseQueryResult<components['schemas']['SessionUserDto']> {
  const client = useApiClient();
  return useQuery({ queryKey: meKey(), queryFn: ({ signal }) => unwrap(client.GET('/auth/me', { signal })), ...options });
}

/**
 * GET /public-settings' `signupOpen` (no session needed): the platform's public sign-up is open. undefined while
 * loading; a failed read counts as open (the API still refuses a closed sign-up).
 */
export function useSignupOpen(options: QueryOptions = {}): boolean | undefined {
  const client = useApiClient();
  const query = useQuery({
    queryKey: [...publicSettingsKey(0), 'platform'],
    queryFn: ({ signal }) => unwrap(client.GET('/public-settings', { signal })),
    staleTime: 60_000,
    retry: false,
    ...options,
  });
  if (query.isError) return true;
  return query.data ? query.data.signupOpen !== false : undefined;
}
