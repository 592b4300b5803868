import { CommonError, defineErrors } from '../../common/http/errors';
import { InvoiceError } from '../invoices/invoice.errors';
import { PlanError } from '../plans/plan.errors';

/** Error codes of the checkout and of the gateways' payment notices. */
export const SubscriptionError = defineErrors(
  {
    ERR_PAYMENT_GATEWAY_NOT_CONFIGURED: { status: 503, message: 'Payments are not configured on this server' },
    ERR_PAYMENT_GATEWAY_FAILED: { status: 502, message: 'The payment provider did not open the charge; try again in a moment' },
    ERR_CHARGE_NOT_FOUND: { status: 404, message: 'Pix charge not found' },
    ERR_CHARGE_NOT_PENDING: { status: 409, message: 'This Pix charge is already paid or expired' },
    ERR_WEBHOOK_SIGNATURE: { status: 401, message: 'The notice is not signed with our secret' },
  },
  [CommonError.ERR_VALIDATION, PlanError.ERR_NO_PLAN_FOUND, InvoiceError.ERR_INVOICE_NOT_FOUND, InvoiceError.ERR_INVOICE_NOT_OPEN],
);
