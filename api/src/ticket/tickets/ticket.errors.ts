import { CommonError, defineErrors } from '../../common/http/errors';

/** Error codes of the ticket routes (the spec's catalogue where one fits). */
export const TicketError = defineErrors(
  {
    ERR_NO_TICKET_FOUND: { status: 404, message: 'Ticket not found' },
    ERR_OTHER_OPEN_TICKET: { status: 409, message: 'An open ticket already exists for this contact' },
    ERR_TICKET_ALREADY_ACCEPTED: { status: 409, message: 'Another attendant already accepted this ticket' },
    ERR_INVALID_TICKET_TRANSITION: { status: 409, message: "This change is not possible in the ticket's current status" },
    ERR_NO_DEF_WAPP_FOUND: { status: 400, message: 'No connection given and the company has no default connection' },
  },
  [CommonError.ERR_NO_PERMISSION],
);
