import { CommonError, defineErrors } from '../../common/http/errors';

/** Error codes of the invoices routes. */
export const InvoiceError = defineErrors(
  {
    ERR_INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found' },
    ERR_INVOICE_NOT_OPEN: { status: 409, message: 'This invoice is already paid or cancelled' },
  },
  [CommonError.ERR_VALIDATION],
);
