import { CommonError, defineErrors } from '../../common/http/errors';
import { MailError } from '../../common/infra/mail.service';
import { UserError } from '../users/users.errors';

/** Error codes of sign-in, refresh, logout and password reset. */
export const AuthError = defineErrors(
  {
    ERR_INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password' },
    ERR_INVALID_RESET_CODE: { status: 400, message: 'The verification code is invalid or has expired' },
    ERR_NOT_IMPERSONATING: { status: 409, message: 'This session is not an impersonation' },
    ERR_WEAK_PASSWORD: {
      status: 400,
      message: 'The password needs at least 8 characters, with an uppercase letter, a lowercase letter and a digit',
    },
  },
  [
    CommonError.ERR_SESSION_EXPIRED,
    CommonError.ERR_COMPANY_INACTIVE,
    CommonError.ERR_NO_PERMISSION,
    UserError.ERR_NO_USER_FOUND,
    MailError.ERR_MAIL_NOT_CONFIGURED,
  ],
);
