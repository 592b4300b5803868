import { Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { MailError } from '../../common/infra/mail.service';
import { RateLimited } from '../../common/http/rate-limit';
import { AuthError } from '../session/session.errors';
import { RequestPasswordResetParams, ResetPasswordParams } from './dto/password-reset.dto';
import { PasswordResetService } from './password-reset.service';

/** The spec's paths, at the root and with everything in the path (its client sends no body). */
@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post('forgetpassword/:email')
  @RateLimited('passwordReset')
  @Endpoint({
    summary: 'Mail a password reset code',
    description:
      'Sends a single-use 6-digit verification code to the e-mail, valid for 30 minutes (PASSWORD_RESET_TTL_MINUTES); ' +
      'an earlier unused code stops working. Answers 204 with no body, also for an e-mail of no account (nothing is ' +
      'mailed then): the answer never tells whether an account exists. A malformed e-mail is 400 ERR_VALIDATION.',
    public: true,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_TOO_MANY_REQUESTS, MailError.ERR_MAIL_NOT_CONFIGURED, CommonError.ERR_SERVICE_UNAVAILABLE],
  })
  requestPasswordReset(@Param() params: RequestPasswordResetParams): Promise<void> {
    return this.passwordReset.request(params.email);
  }

  @Post('resetpassword/:email/:token/:newPassword')
  @RateLimited('passwordReset')
  @Endpoint({
    summary: 'Set a new password with the mailed code',
    description:
      'The code is single-use; a wrong, expired or used code answers ERR_INVALID_RESET_CODE, and after 5 wrong tries ' +
      'the code is void. On success every session of the user ends (access tokens and refresh cookies). Answers 204 with no body.',
    public: true,
    status: 204,
    errors: [AuthError.ERR_WEAK_PASSWORD, AuthError.ERR_INVALID_RESET_CODE, CommonError.ERR_VALIDATION, CommonError.ERR_TOO_MANY_REQUESTS],
  })
  resetPassword(@Param() params: ResetPasswordParams): Promise<void> {
    return this.passwordReset.reset(params.email, params.token, params.newPassword);
  }
}
