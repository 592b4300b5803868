import type { RealtimeModule } from '../../../data/realtime';
import { removeContact, writeContact } from './contact-cache';

/**
 * What the `contact` channel's events do to the contacts' queries; a message's event carries its contact's current
 * copy too (a new name, a profile picture), written the same way. Runs before the tickets' module, as the contact
 * was written before the ticket when both lived in data/.
 */
export const contactsRealtime: RealtimeModule = {
  contact: (event, { queryClient }) => (event.action === 'delete' ? removeContact(queryClient, event.contactId) : writeContact(queryClient, event.contact)),
  appMessage: (event, { queryClient }) => writeContact(queryClient, event.contact),
};
