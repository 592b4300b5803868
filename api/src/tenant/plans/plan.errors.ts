import { defineErrors } from '../../common/http/errors';

/** Error codes of the plans routes and of the plan's limits. */
export const PlanError = defineErrors({
  ERR_NO_PLAN_FOUND: { status: 404, message: 'Plan not found' },
  ERR_PLAN_NAME_EXISTS: { status: 409, message: 'A plan with this name already exists' },
  ERR_PLAN_IN_USE: { status: 409, message: 'The plan is used by at least one company and cannot be deleted' },
  ERR_PLAN_LIMIT_REACHED: { status: 403, message: "The company's plan does not allow more of these" },
});
