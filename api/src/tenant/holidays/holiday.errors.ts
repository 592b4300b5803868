import { CommonError, defineErrors } from '../../common/http/errors';

/** Error codes of the holidays routes. */
export const HolidayError = defineErrors(
  {
    ERR_HOLIDAY_NOT_FOUND: { status: 404, message: 'Holiday not found' },
    ERR_HOLIDAY_ALREADY_SENT: { status: 409, message: 'This holiday message was already sent and can no longer be changed' },
  },
  [CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, CommonError.ERR_PAYLOAD_TOO_LARGE],
);
