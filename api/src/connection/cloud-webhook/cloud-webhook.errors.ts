import { CommonError, defineErrors } from '../../common/http/errors';
import { SubscriptionError } from '../../tenant/subscription/subscription.errors';
import { ConnectionError } from '../connection.errors';

/**
 * The official WhatsApp API webhook's answers. A bad signature is the same ERR_WEBHOOK_SIGNATURE (401) as the payment
 * gateway's notices; a message that could not be stored is ERR_INBOUND_NOT_STORED (503: Meta delivers it again).
 */
export const CloudWebhookError = defineErrors(
  {
    ERR_WEBHOOK_VERIFY_TOKEN: { status: 403, message: "The verify token does not match this connection's" },
  },
  [SubscriptionError.ERR_WEBHOOK_SIGNATURE, ConnectionError.ERR_INBOUND_NOT_STORED, CommonError.ERR_BAD_REQUEST],
);
