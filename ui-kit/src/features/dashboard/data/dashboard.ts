// The dashboard's counters, attendants and charts (GET /dashboard), read for a period; no socket channel.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type DashboardParams } from '../../../data/query-keys';

type Schemas = components['schemas'];

/** GET /dashboard: counters, attendants and charts for a period. */
export function useDashboard(params: DashboardParams = {}, options: QueryOptions = {}): UseQueryResult<Schemas['DashboardDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.dashboard(params),
    queryFn: ({ signal }) => unwrap(client.GET('/dashboard', { params: { query: params }, signal })),
    ...options,
  });
}
