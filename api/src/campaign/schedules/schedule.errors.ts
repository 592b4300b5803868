import { defineErrors } from '../../common/http/errors';

/** Error codes of the schedules routes. */
export const ScheduleError = defineErrors({
  ERR_SCHEDULE_NOT_FOUND: { status: 404, message: 'Schedule not found' },
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, message: 'This schedule was already sent and can no longer be changed' },
});
