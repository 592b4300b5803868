import { defineErrors } from '../../common/http/errors';
import { TicketError } from '../tickets/ticket.errors';

/** Error codes of the tags and kanban routes. */
export const TagError = defineErrors(
  {
    ERR_TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
    ERR_TAG_ALREADY_EXISTS: { status: 409, message: 'The company already has a tag with this name' },
  },
  [TicketError.ERR_NO_TICKET_FOUND],
);
