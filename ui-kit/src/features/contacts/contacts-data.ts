import type { AtendeClient, Schema } from '../../client';
import { useApiMutation } from '../../data/mutations';
import { removeContact } from './data/contact-cache';
import { atendeKeys } from '../../data/query-keys';
import { unwrap } from '../../provider/api-error';

/**
 * POST /contacts/import: the connection's phone book (the company's default connection when `whatsappId` is left
 * out) becomes contacts. One request that answers when it is done (created, existing, skipped): the API reports
 * no progress on the way. Each created contact also arrives as a contact event; the contact lists are refetched.
 */
export function useImportContacts() {
  return useApiMutation((client, body: Schema<'ImportContactsDto'>) => client.POST('/contacts/import', { body }), {
    invalidate: () => [atendeKeys.contacts.all()],
  });
}

/**
 * The first page of contacts matching what the user typed (GET /contacts?searchParam=, name or number), for the
 * pickers that search as the user types: a company may have tens of thousands of contacts, too many to load whole.
 */
export async function searchContacts(client: AtendeClient, searchParam: string, signal?: AbortSignal): Promise<Schema<'ContactDto'>[]> {
  return (await unwrap(client.GET('/contacts', { params: { query: { searchParam } }, signal }))).contacts;
}

/** Every contact matching `searchParam` (GET /contacts page after page, in the API's order by name), for the CSV export. */
export async function fetchAllContacts(client: AtendeClient, searchParam: string | undefined, signal?: AbortSignal): Promise<Schema<'ContactDto'>[]> {
  const contacts: Schema<'ContactDto'>[] = [];
  const seen = new Set<number>();
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await unwrap(client.GET('/contacts', { params: { query: { searchParam, pageNumber } }, signal }));
    for (const contact of page.contacts) {
      if (seen.has(contact.id)) continue;
      seen.add(contact.id);
      contacts.push(contact);
    }
    if (!page.hasMore || page.contacts.length === 0) return contacts;
  }
}

/**
 * POST /contacts/bulk (delete many): each id's outcome in `results`; the ones deleted leave the cached lists at once
 * (the `contact` delete events do the same for the other pages).
 */
export function useBulkDeleteContacts() {
  return useApiMutation((client, ids: number[]) => client.POST('/contacts/bulk', { body: { ids, action: 'delete' } }), {
    onSuccess: (result, _ids, queryClient) => {
      for (const r of result.results) if (r.ok) removeContact(queryClient, r.id);
    },
  });
}
