import { defineErrors } from '../../common/http/errors';
import { QueueError } from '../queues/queue.errors';

/** Error codes of the queue options routes. */
export const QueueOptionError = defineErrors(
  {
    ERR_QUEUE_OPTION_NOT_FOUND: { status: 404, message: 'Queue option not found' },
    ERR_QUEUE_OPTION_NUMBER_TAKEN: { status: 409, message: 'Another option of this menu level already has this number' },
  },
  [QueueError.ERR_QUEUE_NOT_FOUND],
);
