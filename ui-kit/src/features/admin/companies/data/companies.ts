// The companies of the platform (super users, the settings' Empresas tab): GET /companies (paged, /list, /{id}),
// POST, PUT, DELETE /companies, the weekly hours of PUT /companies/{id}/schedules (the settings' Horários tab), the
// '+ Vencimento' of POST /companies/{id}/extend-due-date, and 'Acessar como' (GET /companies/{id}/users, then
// GET /auth/impersonate/{targetId}/{currentUserId}). Answers go into the cache through writeCompany, the same write
// the `company` socket channel uses, so the lists merge each company by id whichever way it arrives.
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { Schema } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useAtende } from '../../../../provider/context';
import { flatten, nextPage } from '../../../../data/paging';
import { useApiMutation, type Update } from '../../../../data/mutations';
import { removeCompany, writeCompany } from './company-cache';
import type { PagedList, QueryOptions } from '../../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../../data/query-keys';

type Company = Schema<'CompanyDto'>;
type UserPage = Schema<'UserPageDto'>;

const selectCompanies = (data: InfiniteData<Schema<'CompanyPageDto'>>) => flatten(data, (page) => page.companies);

/** GET /companies (super users). Live. */
export function useCompanies(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<Company>> {
  const { client } = useAtende();
  return useInfiniteQuery({
    queryKey: atendeKeys.companies.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/companies', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectCompanies,
    ...options,
  });
}

/** GET /companies/list: every company (super users). Live. */
export function useAllCompanies(options: QueryOptions = {}): UseQueryResult<Company[]> {
  const { client } = useAtende();
  return useQuery({ queryKey: atendeKeys.companies.listAll(), queryFn: ({ signal }) => unwrap(client.GET('/companies/list', { signal })), ...options });
}

export function useCompany(id: number, options: QueryOptions = {}): UseQueryResult<Company> {
  const { client } = useAtende();
  return useQuery({
    queryKey: atendeKeys.companies.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/companies/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/** PUT /companies/{id}/schedules: the settings' Horários tab (the company's weekly hours). */
export function useUpdateCompanySchedules() {
  return useApiMutation(
    (client, { id, schedules }: { id: number; schedules: Schema<'WeeklyHoursDto'>[] }) =>
      client.PUT('/companies/{id}/schedules', { params: { path: { id } }, body: { schedules } }),
    { onSuccess: (company, _vars, queryClient) => writeCompany(queryClient, company) },
  );
}

export function useUpdateCompany() {
  return useApiMutation((client, { id, body }: Update<Schema<'UpdateCompanyDto'>>) => client.PUT('/companies/{id}', { params: { path: { id } }, body }), {
    onSuccess: (company, _vars, queryClient) => writeCompany(queryClient, company),
  });
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

/**
 * PUT /companies/{id}/due-date: the due date set, only while it still is `expectedDueDate` (else 409
 * ERR_DUE_DATE_CHANGED): the undo of '+ Vencimento' sets the previous date back this way.
 */
export function useSetCompanyDueDate() {
  return useApiMutation(
    (client, { id, dueDate, expectedDueDate }: { id: number; dueDate: string | null; expectedDueDate: string | null }) =>
      client.PUT('/companies/{id}/due-date', { params: { path: { id } }, body: { dueDate, expectedDueDate } }),
    { onSuccess: (company, _vars, queryClient) => writeCompany(queryClient, company) },
  );
}

/** POST /companies/bulk: change the plan of, or extend, many companies; each id reported on its own. */
export function useBulkCompanies() {
  return useApiMutation((client, body: Schema<'BulkCompaniesDto'>) => client.POST('/companies/bulk', { body }), {
    onSuccess: (result, _body, queryClient) => {
      for (const r of result.results) if (r.company) writeCompany(queryClient, r.company);
    },
  });
}

const platformSettingsKey = ['atende', 'platform-settings'] as const;

/** GET /platform-settings (super users): the platform's switches (public sign-up open). */
export function usePlatformSettings(options: QueryOptions = {}): UseQueryResult<Schema<'PlatformSettingsDto'>> {
  const { client } = useAtende();
  return useQuery({ queryKey: platformSettingsKey, queryFn: ({ signal }) => unwrap(client.GET('/platform-settings', { signal })), ...options });
}

/** PUT /platform-settings (super users): opens or closes public sign-up. */
export function useSetPlatformSettings() {
  return useApiMutation((client, body: Schema<'PlatformSettingsDto'>) => client.PUT('/platform-settings', { body }), {
    onSuccess: (settings, _body, queryClient) => {
      queryClient.setQueryData(platformSettingsKey, settings);
      void queryClient.invalidateQueries({ queryKey: [platformSettingsKey[0], 'public-settings'] });
    },
  });
}

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
