import { defineErrors } from '../../common/http/errors';
import { ContactError } from '../contacts/contact.errors';
import { TicketError } from '../tickets/ticket.errors';

/** Error codes of the ticket notes routes. */
export const TicketNoteError = defineErrors({ ERR_TICKET_NOTE_NOT_FOUND: { status: 404, message: 'Note not found' } }, [
  TicketError.ERR_NO_TICKET_FOUND,
  ContactError.ERR_NO_CONTACT_FOUND,
]);
