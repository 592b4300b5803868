// Users (GET/POST/PUT/DELETE /users, every user at /users/list, the Users page's save at /users/fromCompany/{id}). The
// API announces every change on `company-{id}-user`; the mutations write their answer the way that event does.
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { useApiMutation, type Update } from '../../../../data/mutations';
import { removeUser, writeUser } from './user-cache';
import { flatten, nextPage, type PagedList } from '../../../../data/paging';
import type { QueryOptions } from '../../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../../data/query-keys';

type Schemas = components['schemas'];

const selectUsers = (data: InfiniteData<Schemas['UserPageDto']>) => flatten(data, (page) => page.users);

/** GET /users: the company's users by name. Live. */
export function useUsers(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<Schemas['UserDto']>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.users.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/users', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectUsers,
    ...options,
  });
}

/** GET /users/list: every user (id, name, email, profile, queues), for pickers. Live. */
export function useAllUsers(options: QueryOptions = {}): UseQueryResult<Schemas['UserListItemDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.users.listAll(), queryFn: ({ signal }) => unwrap(client.GET('/users/list', { signal })), ...options });
}

export function useUser(id: number, options: QueryOptions = {}): UseQueryResult<Schemas['UserDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.users.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/users/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

export function useCreateUser() {
  return useApiMutation((client, body: Schemas['CreateUserDto']) => client.POST('/users', { body }), {
    onSuccess: (user, _body, queryClient) => writeUser(queryClient, user, 'create'),
  });
}

export function useUpdateUser() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateUserDto']>) => client.PUT('/users/{id}', { params: { path: { id } }, body }), {
    onSuccess: (user, _vars, queryClient) => writeUser(queryClient, user, 'update'),
  });
}

/** PUT /users/fromCompany/{id}: the Users page's save (spec administration §7); the same rules as PUT /users/{id}. */
export function useUpdateUserFromCompany() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateUserDto']>) => client.PUT('/users/fromCompany/{id}', { params: { path: { id } }, body }), {
    onSuccess: (user, _vars, queryClient) => writeUser(queryClient, user, 'update'),
  });
}

export function useDeleteUser() {
  return useApiMutation((client, id: number) => client.DELETE('/users/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeUser(queryClient, id),
  });
}
