// Where a contact lives in the query cache (detail, the paginated lists, the pickers' whole list, and the copy every
// cached ticket embeds). The `contact` events, the messages' events and the mutations' answers all land here. Apart
// from the hooks so the embed's runtime carries only these writes.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { components } from '../../../client';
import {
  byName,
  removeFromArray,
  replaceContactInTickets,
  setMessagesTicket,
  upsertInArray,
  type MessagePage,
  type TicketDto,
  type TicketPage,
} from '../../../data/cache-updaters';
import { dropDetail, removePaged, setDetail, writePaged, type WriteKind } from '../../../data/cache-writes';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];
type ContactDto = Schemas['ContactDto'];

/** A contact, and the copy every cached ticket of it embeds. */
export function writeContact(queryClient: QueryClient, contact: ContactDto, kind: WriteKind = 'update'): void {
  setDetail<ContactDto>(queryClient, atendeKeys.contacts.detail(contact.id), () => contact);
  writePaged<Schemas['ContactPageDto'], 'contacts'>(queryClient, atendeKeys.contacts.lists(), 'contacts', contact, byName, kind);
  const item: Schemas['ContactListItemDto'] = { id: contact.id, name: contact.name, number: contact.number };
  queryClient.setQueryData<Schemas['ContactListItemDto'][]>(atendeKeys.contacts.listAll(), (list) => upsertInArray(list, item, byName));

  queryClient.setQueriesData<InfiniteData<TicketPage>>({ queryKey: atendeKeys.tickets.lists() }, (data) => replaceContactInTickets(data, contact));
  const embeds = (ticket: TicketDto) => (ticket.contactId === contact.id ? { ...ticket, contact } : ticket);
  queryClient.setQueriesData<TicketDto>({ queryKey: atendeKeys.tickets.details() }, (ticket) => ticket && embeds(ticket));
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: atendeKeys.tickets.allMessages() }, (data) => setMessagesTicket(data, embeds));
}

export function removeContact(queryClient: QueryClient, contactId: number): void {
  dropDetail(queryClient, atendeKeys.contacts.detail(contactId));
  removePaged<Schemas['ContactPageDto'], 'contacts'>(queryClient, atendeKeys.contacts.lists(), 'contacts', contactId);
  queryClient.setQueryData<Schemas['ContactListItemDto'][]>(atendeKeys.contacts.listAll(), (list) => removeFromArray(list, contactId));
}
