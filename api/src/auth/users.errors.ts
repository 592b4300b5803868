import { defineErrors } from '../common/errors';

/** Error codes of the users routes. */
export const UserError = defineErrors({
  ERR_NO_USER_FOUND: { status: 404, message: 'User not found' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission for this action' },
  ERR_USER_CREATION_DISABLED: { status: 403, message: 'User creation is disabled for this company' },
  // Same code as sign-up answers for the same condition, so clients translate it once.
  ERR_EMAIL_ALREADY_REGISTERED: { status: 409, message: 'This e-mail is already registered' },
  ERR_CANNOT_DELETE_OWN_USER: { status: 400, message: 'You cannot delete your own user' },
  ERR_LAST_ADMIN: { status: 409, message: 'The company needs at least one admin: make another user admin first' },
});
