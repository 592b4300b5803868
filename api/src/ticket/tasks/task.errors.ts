import { defineErrors } from '../../common/http/errors';

/** Error codes of the tasks routes. */
export const TaskError = defineErrors({
  ERR_TASK_NOT_FOUND: { status: 404, message: 'Task not found' },
  ERR_TASK_LIMIT: { status: 409, message: 'Too many tasks: delete some before adding more' },
});
