import { defineErrors } from '../../common/http/errors';

/** Error codes of the queues routes. */
export const QueueError = defineErrors({
  ERR_QUEUE_NOT_FOUND: { status: 404, message: 'Queue not found' },
  ERR_QUEUE_NAME_ALREADY_EXISTS: { status: 409, message: 'The company already has a queue with this name' },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: 'The company already has a queue with this color' },
  ERR_QUEUE_GREETING_REQUIRED: { status: 400, message: 'A greeting message is required when the company has more than one queue' },
});
