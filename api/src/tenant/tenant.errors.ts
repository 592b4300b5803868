import { defineErrors } from '../common/errors';

/** The tenant module's error codes: companies, plans, sign-up and settings. */
export const TenantError = defineErrors({
  ERR_NO_COMPANY_FOUND: { status: 404, message: 'Company not found' },
  ERR_COMPANY_NAME_EXISTS: {
    status: 409,
    message: 'A company with this name already exists',
  },
  ERR_CANNOT_DELETE_OWN_COMPANY: { status: 409, message: 'You cannot delete the company you are signed in to' },
  ERR_NO_PLAN_FOUND: { status: 404, message: 'Plan not found' },
  ERR_PLAN_NAME_EXISTS: { status: 409, message: 'A plan with this name already exists' },
  ERR_PLAN_IN_USE: { status: 409, message: 'The plan is used by at least one company and cannot be deleted' },
  ERR_PLAN_LIMIT_REACHED: { status: 403, message: "The company's plan does not allow more of these" },
  ERR_EMAIL_ALREADY_REGISTERED: { status: 409, message: 'This e-mail is already registered' },
  ERR_NO_SETTING_FOUND: { status: 404, message: 'Setting not found' },
  ERR_SETTING_UPLOAD_ONLY: { status: 400, message: 'This setting is changed by uploading a file to POST /settings/logo' },
});
