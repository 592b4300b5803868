import { CommonError, defineErrors } from '../../common/http/errors';
import { TicketError } from '../tickets/ticket.errors';

/** Error codes of the messages routes. */
export const MessageError = defineErrors(
  {
    ERR_NO_MESSAGE_FOUND: { status: 404, message: 'Message not found' },
    ERR_TICKET_NOT_OPEN: { status: 409, message: 'Accept or reopen the ticket before sending messages' },
    ERR_EMPTY_MESSAGE: { status: 400, message: 'Type a message or attach a file' },
    ERR_MESSAGE_NOT_EDITABLE: { status: 403, message: 'Only your own messages can be changed, within 15 minutes of sending' },
    ERR_EDIT_WAPP_MSG: { status: 502, message: 'WhatsApp did not accept the edit' },
    ERR_DELETE_WAPP_MSG: { status: 502, message: 'WhatsApp did not accept the deletion' },
    ERR_MEDIA_TOO_LARGE: { status: 413, message: 'The file is too large to send' },
    ERR_QUOTED_MESSAGE_NOT_FOUND: { status: 400, message: 'Mensagem não encontrada!' },
  },
  [TicketError.ERR_NO_TICKET_FOUND, CommonError.ERR_UNSUPPORTED_MEDIA_TYPE],
);
