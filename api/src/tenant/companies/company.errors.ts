import { defineErrors } from '../../common/http/errors';

/** Error codes of the companies routes and of sign-up. */
export const CompanyError = defineErrors({
  ERR_NO_COMPANY_FOUND: { status: 404, message: 'Company not found' },
  ERR_COMPANY_NAME_EXISTS: { status: 409, message: 'A company with this name already exists' },
  ERR_CANNOT_DELETE_OWN_COMPANY: { status: 409, message: 'You cannot delete the company you are signed in to' },
  ERR_EMAIL_ALREADY_REGISTERED: { status: 409, message: 'This e-mail is already registered' },
  ERR_DUE_DATE_CHANGED: { status: 409, message: 'The due date changed meanwhile (a payment or another change); reload and try again' },
  ERR_SIGNUP_CLOSED: { status: 403, message: 'Sign-up is closed on this platform: ask for an invitation' },
});
