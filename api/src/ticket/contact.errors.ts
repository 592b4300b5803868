import { defineErrors } from '../common/errors';

/** Error codes of the contacts, ticket notes, tags and quick messages routes (codes of the spec's catalogue where one fits). */
export const ContactError = defineErrors({
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Contact not found' },
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'The company already has a contact with this number' },
});

export const TicketNoteError = defineErrors({
  ERR_NO_TICKET_FOUND: { status: 404, message: 'Ticket not found' },
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Contact not found' },
  ERR_TICKET_NOTE_NOT_FOUND: { status: 404, message: 'Note not found' },
});

export const TagError = defineErrors({
  ERR_NO_TICKET_FOUND: { status: 404, message: 'Ticket not found' },
  ERR_TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
  ERR_TAG_ALREADY_EXISTS: { status: 409, message: 'The company already has a tag with this name' },
});

export const QuickMessageError = defineErrors({
  ERR_QUICK_MESSAGE_NOT_FOUND: { status: 404, message: 'Quick message not found' },
});
