import { CommonError, defineErrors } from '../../common/http/errors';
import { OutboundError } from '../../common/infra/outbound/outbound.errors';
import { UserError } from '../users/users.errors';

/** Error codes of the push routes: they answer the common, users' and outbound guard's codes only. */
export const PushError = defineErrors({}, [
  CommonError.ERR_VALIDATION,
  CommonError.ERR_NO_PERMISSION,
  UserError.ERR_NO_USER_FOUND,
  OutboundError.ERR_OUTBOUND_URL_FORBIDDEN,
]);
