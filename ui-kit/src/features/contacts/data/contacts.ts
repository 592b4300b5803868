// Contacts (GET/POST/PUT/DELETE /contacts, every contact at /contacts/list). The API announces every change on
// `company-{id}-contact`; the mutations write their answer the way that event does.
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation, type Update } from '../../../data/mutations';
import { flatten, nextPage, type PagedList } from '../../../data/paging';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';
import { removeContact, writeContact } from './contact-cache';

type Schemas = components['schemas'];

const selectContacts = (data: InfiniteData<Schemas['ContactPageDto']>) => ({
  ...flatten(data, (page) => page.contacts),
  /** The API counts up to 1,000 (100 for a search): past that `count` is the cap and the list says "Mais de N". */
  countCapped: data.pages[0]?.countCapped ?? false,
});

/** GET /contacts: the company's contacts by name, searchable by name or number. Live. */
export function useContacts(
  filters: SearchFilters = {},
  options: QueryOptions = {},
): UseInfiniteQueryResult<PagedList<Schemas['ContactDto']> & { countCapped: boolean }> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.contacts.list(filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/contacts', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectContacts,
    ...options,
  });
}

/** GET /contacts/list: every contact (id, name, number), for pickers. */
export function useAllContacts(options: QueryOptions = {}): UseQueryResult<Schemas['ContactListItemDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.contacts.listAll(), queryFn: ({ signal }) => unwrap(client.GET('/contacts/list', { signal })), ...options });
}

export function useContact(id: number, options: QueryOptions = {}): UseQueryResult<Schemas['ContactDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.contacts.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/contacts/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

export function useCreateContact() {
  return useApiMutation((client, body: Schemas['CreateContactDto']) => client.POST('/contacts', { body }), {
    onSuccess: (contact, _body, queryClient) => writeContact(queryClient, contact, 'create'),
  });
}

export function useUpdateContact() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateContactDto']>) => client.PUT('/contacts/{id}', { params: { path: { id } }, body }), {
    onSuccess: (contact, _vars, queryClient) => writeContact(queryClient, contact),
  });
}

export function useDeleteContact() {
  return useApiMutation((client, id: number) => client.DELETE('/contacts/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeContact(queryClient, id),
  });
}
