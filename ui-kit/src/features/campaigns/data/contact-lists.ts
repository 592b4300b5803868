// Contact lists and their contacts (GET/POST/PUT/DELETE /contact-lists and /contact-list-items, the spreadsheet import
// at POST /contact-lists/{id}/upload). The API announces every change on `company-{id}-ContactList` and
// `company-{id}-ContactListItem` (to users who manage campaigns); the realtime cache and the mutations write the same
// answers into the cache, so both paths land on the same state. An import's progress comes on `contactListImport`.
import { writePaged } from '../../../data/cache-writes';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { components, ServerChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSocketEvent } from '../../../provider/context';
import { removeFromArray, removeFromPages } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';
import { multipartBody, multipartForm } from '../../../data/multipart';

type Schemas = components['schemas'];
export type ContactListDto = Schemas['ContactListDto'];
export type ContactListOptionDto = Schemas['ContactListOptionDto'];
export type ContactListEntryDto = Schemas['ContactListEntryDto'];
export type ContactListBody = Schemas['ContactListBodyDto'];
export type CreateContactListItemBody = Schemas['CreateContactListEntryDto'];
export type UpdateContactListItemBody = Schemas['UpdateContactListEntryDto'];
type ContactListPage = Schemas['ContactListPageDto'];
type ContactListItemPage = Schemas['ContactListItemPageDto'];
/** An event of the `contactListImport` channel. */
export type ContactListImportEvent = ServerChannels['contactListImport'];

/** The API's order (name, then id). */
export const byContactListName = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

function flatten<P extends { count: number; hasMore: boolean }, T extends { id: number }>(data: InfiniteData<P>, itemsOf: (page: P) => T[]): PagedList<T> {
  const seen = new Set<number>();
  const items = data.pages.flatMap(itemsOf).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /contact-lists: the company's lists by name with their contacts count, 20 a page (`fetchNextPage()` loads more);
 * `searchParam` matches the name. Needs campaigns:manage and the plan's useCampaigns.
 */
export function useContactLists(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<ContactListDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.contactLists.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: ContactListPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/contact-lists', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: (data) => flatten(data, (page) => page.records),
    ...options,
  });
}

/** GET /contact-lists/{id}. */
export function useContactList(id: number, options: QueryOptions = {}): UseQueryResult<ContactListDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.contactLists.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/contact-lists/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/** GET /contact-lists/list: every list as `{ id, name, contactsCount }`, by name (the campaign dialog's choice). Kept live by the events. */
export function useContactListOptions(options: QueryOptions = {}): UseQueryResult<ContactListOptionDto[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.contactLists.listAll(),
    queryFn: ({ signal }) => unwrap(client.GET('/contact-lists/list', { signal })),
    ...options,
  });
}

/**
 * GET /contact-list-items: one list's contacts by name, 20 a page; `searchParam` matches name or e-mail, and digits
 * (punctuation allowed) the number.
 */
export function useContactListItems(
  contactListId: number,
  filters: SearchFilters = {},
  options: QueryOptions = {},
): UseInfiniteQueryResult<PagedList<ContactListEntryDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.contactListItems.list(contactListId, filters),
    initialPageParam: 1,
    getNextPageParam: (last: ContactListItemPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/contact-list-items', { params: { query: { ...filters, contactListId, pageNumber: pageParam } }, signal })),
    select: (data) => flatten(data, (page) => page.contacts),
    ...options,
  });
}

/**
 * A created or changed list into the cache: its detail (when fetched), the choice list and every page list. An
 * unsearched list holds every list by name, so it takes its sorted place; a searched one replaces its copy, and a new
 * list (which the search may or may not match) marks it stale.
 */
export function writeContactList(queryClient: QueryClient, list: ContactListDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<ContactListDto>(atendeKeys.contactLists.detail(list.id), (old) => (old === undefined ? undefined : list));
  queryClient.setQueryData<ContactListOptionDto[]>(atendeKeys.contactLists.listAll(), (old) =>
    old === undefined
      ? undefined
      : [...old.filter((o) => o.id !== list.id), { id: list.id, name: list.name, contactsCount: list.contactsCount }].sort(byContactListName),
  );
  writePaged<ContactListPage, 'records'>(
    queryClient,
    atendeKeys.contactLists.lists(),
    'records',
    list,
    byContactListName,
    kind,
    (key) => key[key.length - 1] === 'list-all',
  );
}

/** A deleted list out of every list; its detail and its contacts' queries are reset. */
export function removeContactList(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.contactLists.detail(id), exact: true });
  queryClient.removeQueries({ queryKey: atendeKeys.contactListItems.listsOf(id) });
  queryClient.setQueryData<ContactListOptionDto[]>(atendeKeys.contactLists.listAll(), (old) => removeFromArray(old, id));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.contactLists.lists() })) {
    if (query.queryKey[query.queryKey.length - 1] === 'list-all') continue;
    queryClient.setQueryData<InfiniteData<ContactListPage>>(query.queryKey, (data) => removeFromPages(data, 'records', id));
  }
}

/** A created or changed contact into its list's queries (sorted place unsearched; a searched one replaces its copy or goes stale). */
export function writeContactListItem(queryClient: QueryClient, item: ContactListEntryDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<ContactListEntryDto>(atendeKeys.contactListItems.detail(item.id), (old) => (old === undefined ? undefined : item));
  writePaged<ContactListItemPage, 'contacts'>(queryClient, atendeKeys.contactListItems.listsOf(item.contactListId), 'contacts', item, byContactListName, kind);
}

/** A deleted contact out of every contacts list. */
export function removeContactListItem(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.contactListItems.detail(id), exact: true });
  queryClient.setQueriesData<InfiniteData<ContactListItemPage>>({ queryKey: atendeKeys.contactListItems.lists() }, (data) =>
    removeFromPages(data, 'contacts', id),
  );
}

/** A list's contacts changed in bulk (an import, a WhatsApp check): its contact queries are read again. */
export function reloadContactListItems(queryClient: QueryClient, contactListId: number): void {
  void queryClient.invalidateQueries({ queryKey: atendeKeys.contactListItems.listsOf(contactListId) });
}

/** POST /contact-lists. */
export function useCreateContactList() {
  return useApiMutation((client, body: ContactListBody) => client.POST('/contact-lists', { body }), {
    onSuccess: (list, _body, queryClient) => writeContactList(queryClient, list, 'create'),
  });
}

/** PUT /contact-lists/{id}: the name. */
export function useUpdateContactList() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: ContactListBody }) => client.PUT('/contact-lists/{id}', { params: { path: { id } }, body }),
    {
      onSuccess: (list, _vars, queryClient) => writeContactList(queryClient, list, 'update'),
    },
  );
}

/** DELETE /contact-lists/{id}: the list and its contacts. */
export function useDeleteContactList() {
  return useApiMutation((client, id: number) => client.DELETE('/contact-lists/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeContactList(queryClient, id),
  });
}

/** POST /contact-list-items: 409 ERR_CONTACT_LIST_ITEM_DUPLICATED when the number is already in the list. */
export function useCreateContactListItem() {
  return useApiMutation((client, body: CreateContactListItemBody) => client.POST('/contact-list-items', { body }), {
    onSuccess: (item, _body, queryClient) => writeContactListItem(queryClient, item, 'create'),
  });
}

/** PUT /contact-list-items/{id}: only the fields sent change. */
export function useUpdateContactListItem() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: UpdateContactListItemBody }) => client.PUT('/contact-list-items/{id}', { params: { path: { id } }, body }),
    { onSuccess: (item, _vars, queryClient) => writeContactListItem(queryClient, item, 'update') },
  );
}

/** DELETE /contact-list-items/{id}. */
export function useDeleteContactListItem() {
  return useApiMutation((client, id: number) => client.DELETE('/contact-list-items/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeContactListItem(queryClient, id),
  });
}

/** What the import accepts (the API tells xls from xlsx by the bytes; 415 otherwise, 413 past 20 MB). */
export const CONTACT_SPREADSHEET_ACCEPT = ['.xls', '.xlsx', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
export const CONTACT_SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;

/** The multipart form of POST /contact-lists/{id}/upload: the spreadsheet as `file`. */
export function contactListUploadForm(file: File): FormData {
  return multipartForm({ file });
}

/** POST /contact-lists/{id}/upload: answers at once `{ importId, contactListId }`; the rows follow on `contactListImport`. */
export function useImportContactList() {
  return useApiMutation((client, { id, file }: { id: number; file: File }) =>
    client.POST('/contact-lists/{id}/upload', { params: { path: { id } }, body: multipartBody({ file }) }),
  );
}

/** Where an import stands, from its events. */
export interface ContactListImportState {
  importId: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  added: number;
  updated: number;
  invalid: number;
  errors: { line: number; field: string; message: string }[];
  message?: string;
}

/** An import's state after one more event. */
export function nextImportState(previous: ContactListImportState | undefined, event: ContactListImportEvent): ContactListImportState {
  const base: ContactListImportState = previous ?? {
    importId: event.importId,
    status: 'running',
    total: 0,
    processed: 0,
    added: 0,
    updated: 0,
    invalid: 0,
    errors: [],
  };
  switch (event.action) {
    case 'progress':
      // Events may be overtaken; a finished import stays finished.
      if (base.status !== 'running' || event.processed < base.processed) return base;
      return { ...base, total: event.total, processed: event.processed, added: event.added, updated: event.updated, invalid: event.invalid };
    case 'done':
      return {
        ...base,
        status: 'done',
        total: event.total,
        processed: event.processed,
        added: event.added,
        updated: event.updated,
        invalid: event.invalid,
        errors: event.errors,
      };
    case 'failed':
      return { ...base, status: 'failed', message: event.message };
  }
}

/**
 * The imports of one list seen since mounting, by importId, from the `contactListImport` events (which may arrive
 * before the upload's answer names its importId).
 */
export function useContactListImports(contactListId: number): Record<string, ContactListImportState> {
  const [imports, setImports] = useState<Record<string, ContactListImportState>>({});
  const onEvent = useCallback(
    (event: ContactListImportEvent) => {
      if (event.contactListId !== contactListId) return;
      setImports((all) => ({ ...all, [event.importId]: nextImportState(all[event.importId], event) }));
    },
    [contactListId],
  );
  useSocketEvent('contactListImport', onEvent);
  return imports;
}

/** GET /contact-lists/example-spreadsheet: the example xlsx as a Blob. */
export function useContactListExample() {
  return useApiMutation(
    (client) => client.GET('/contact-lists/example-spreadsheet', { parseAs: 'blob' }) as never as Promise<{ data: Blob; error?: never; response: Response }>,
  );
}

/** Saves a Blob as a file through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
