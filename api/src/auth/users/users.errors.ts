import { CommonError, defineErrors } from '../../common/http/errors';
import { CompanyError } from '../../tenant/companies/company.errors';

/** Error codes of the users routes. */
export const UserError = defineErrors(
  {
    ERR_NO_USER_FOUND: { status: 404, message: 'User not found' },
    ERR_USER_CREATION_DISABLED: { status: 403, message: 'User creation is disabled for this company' },
    ERR_CANNOT_DELETE_OWN_USER: { status: 400, message: 'You cannot delete your own user' },
    ERR_USER_EXTERNAL_ID_EXISTS: { status: 409, message: 'Another user of the company already has this external id' },
    ERR_LAST_ADMIN: { status: 409, message: 'The company needs at least one admin: make another user admin first' },
  },
  // Sign-up and the companies form answer the same code for the same condition, so clients translate it once.
  [CommonError.ERR_NO_PERMISSION, CompanyError.ERR_EMAIL_ALREADY_REGISTERED],
);
