// Plans: the super users' list and its mutations (GET /plans/all, POST/PUT/DELETE /plans) and the plans sign-up
// offers (GET /plans/list, no session needed). No socket channel: the mutations write their answer into the list.
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Schema } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { useApiMutation, type Update } from '../../../../data/mutations';
import type { QueryOptions } from '../../../../data/queries';
import { atendeKeys } from '../../../../data/query-keys';

type Plan = Schema<'PlanDto'>;

/** A plan written to the plans list (super users' GET /plans/all), in name order. */
export function writePlan(queryClient: QueryClient, plan: Plan): void {
  queryClient.setQueryData<Plan[]>(atendeKeys.plans.list(), (list) => {
    if (!list) return list;
    const rest = list.filter((p) => p.id !== plan.id);
    return [...rest, plan].sort((a, b) => a.name.localeCompare(b.name));
  });
}

export function removePlan(queryClient: QueryClient, planId: number): void {
  queryClient.setQueryData<Plan[]>(atendeKeys.plans.list(), (list) => list?.filter((p) => p.id !== planId));
}

/** POST /plans (super users). */
export function useCreatePlan() {
  return useApiMutation((client, body: Schema<'CreatePlanDto'>) => client.POST('/plans', { body }), {
    onSuccess: (plan, _body, queryClient) => writePlan(queryClient, plan),
  });
}

/** PUT /plans/{id} (super users): the companies on the plan get its new limits and features at their next request. */
export function useUpdatePlan() {
  return useApiMutation((client, { id, body }: Update<Schema<'UpdatePlanDto'>>) => client.PUT('/plans/{id}', { params: { path: { id } }, body }), {
    onSuccess: (plan, _vars, queryClient) => writePlan(queryClient, plan),
  });
}

/** DELETE /plans/{id} (super users): refused with ERR_PLAN_IN_USE while a company is on it. */
export function useDeletePlan() {
  return useApiMutation((client, id: number) => client.DELETE('/plans/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removePlan(queryClient, id),
  });
}

/** GET /plans/all (super users). */
export function usePlans(options: QueryOptions = {}): UseQueryResult<Plan[]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.plans.list(), queryFn: ({ signal }) => unwrap(client.GET('/plans/all', { signal })), ...options });
}

/** GET /plans/list: the plans sign-up offers (no session needed). */
export function usePublicPlans(options: QueryOptions = {}): UseQueryResult<Plan[]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.plans.public(), queryFn: ({ signal }) => unwrap(client.GET('/plans/list', { signal })), ...options });
}
