import { defineErrors } from '../../common/http/errors';

/** Error codes of the queue integrations routes. */
export const QueueIntegrationError = defineErrors({
  ERR_QUEUE_INTEGRATION_NOT_FOUND: { status: 404, message: 'Queue integration not found' },
  ERR_QUEUE_INTEGRATION_NO_SECRET: { status: 400, message: 'Only n8n and webhook integrations sign their requests' },
});
