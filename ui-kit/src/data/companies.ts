// The companies of the platform (super users, the settings' Empresas tab): POST, PUT, DELETE /companies, the
// '+ Vencimento' of POST /companies/{id}/extend-due-date, and 'Acessar como' (GET /companies/{id}/users, then
// GET /auth/impersonate/{targetId}/{currentUserId}). Answers go into the cache through writeCompany, the same write
// the `company` socket channel uses, so the lists merge each company by id whichever way it arrives.
import { useInfiniteQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Schema } from '../client';
import { unwrap } from '../provider/api-error';
import { useAtende } from '../provider/context';
import { removeFromArray, removeFromPages } from './cache-updaters';
import { writeCompany } from './cache-writes';
import { useApiMutation } from './mutations';
import type { PagedList, QueryOptions } from './queries';
import { atendeKeys, type SearchFilters } from './query-keys';

type Company = Schema<'CompanyDto'>;
type UserPage = Schema<'UserPageDto'>;

/** A deleted company out of every company list and its detail. */
export function removeCompany(queryClient: QueryClient, companyId: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.companies.detail(companyId), exact: true });
  queryClient.setQueriesData<InfiniteData<Schema<'CompanyPageDto'>>>({ queryKey: atendeKeys.companies.lists() }, (data) =>
    removeFromPages(data, 'companies', companyId),
  );
  queryClient.setQueryData<Company[]>(atendeKeys.companies.listAll(), (list) => removeFromArray(list, companyId));
  queryClient.removeQueries({ queryKey: atendeKeys.companies.usersOf(companyId) });
}

/** POST /companies (super users): with `password`, the company's admin user is created too (login: `email`). */
export function useCreateCompany() {
  return useApiMutation((client, body: Schema<'CreateCompanyDto'>) => client.POST('/companies', { body }), {
    onSuccess: (company, _body, queryClient) => writeCompany(queryClient, company, 'create'),
  });
}

/** DELETE /companies/{id} (super users): refused with ERR_CANNOT_DELETE_OWN_COMPANY for the caller's own company. */
export function useDeleteCompany() {
  return useApiMutation((client, id: number) => client.DELETE('/companies/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeCompany(queryClient, id),
  });
}

/** POST /companies/{id}/extend-due-date, '+ Vencimento': the due date one recurrence period forward (server side). */
export function useExtendCompanyDueDate() {
  return useApiMutation((client, id: number) => client.POST('/companies/{id}/extend-due-date', { params: { path: { id } } }), {
    onSuccess: (company, _id, queryClient) => writeCompany(queryClient, company),
  });
}

const nextPage = (last: UserPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined);
const selectUsers = (data: InfiniteData<UserPage>): PagedList<Schema<'UserDto'>> => {
  const seen = new Set<number>();
  const items = data.pages
    .flatMap((page) => page.users)
    .filter((user) => {
      if (seen.has(user.id)) return false;
      seen.add(user.id);
      return true;
    });
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
};

/** GET /companies/{id}/users (super users): the users of one company by name, 20 a page, searched by name or e-mail. */
export function useCompanyUsers(
  companyId: number | null,
  filters: SearchFilters = {},
  options: QueryOptions = {},
): UseInfiniteQueryResult<PagedList<Schema<'UserDto'>>> {
  const { client } = useAtende();
  const id = companyId ?? 0;
  return useInfiniteQuery({
    queryKey: atendeKeys.companies.users(id, filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/companies/{id}/users', { params: { path: { id }, query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectUsers,
    ...options,
    enabled: companyId !== null && (options.enabled ?? true),
  });
}

/**
 * GET /auth/impersonate/{targetId}/{currentUserId} (super users): the answer (a session of the target, marked with
 * `impersonatorId`) replaces this provider's session; the provider then resets the whole query cache so that nothing
 * read as the super user's company stays on screen, and the active queries refetch as the new user.
 */
export function useImpersonate() {
  const { store } = useAtende();
  return useApiMutation(
    (client, targetId: number) =>
      client.GET('/auth/impersonate/{targetId}/{currentUserId}', { params: { path: { targetId, currentUserId: store.get().user?.id ?? 0 } } }),
    {
      // The provider resets the query cache when the user changes.
      onSuccess: (session) => store.set({ token: session.token, user: session.user }),
    },
  );
}
