import { defineErrors } from '../common/errors';

export const AuthError = defineErrors({
  ERR_INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Your session has ended; please log in again' },
  ERR_COMPANY_INACTIVE: { status: 401, message: 'This company is inactive' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission for this action' },
  ERR_NO_USER_FOUND: { status: 404, message: 'User not found' },
  ERR_INVALID_RESET_CODE: { status: 400, message: 'The verification code is invalid or has expired' },
  ERR_WEAK_PASSWORD: {
    status: 400,
    message: 'The password needs at least 8 characters, with an uppercase letter, a lowercase letter and a digit',
  },
  ERR_MAIL_NOT_CONFIGURED: { status: 503, message: 'E-mail delivery is not configured on this server' },
});
