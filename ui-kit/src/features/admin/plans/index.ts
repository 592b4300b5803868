// The plans panel (super users): the settings' Planos tab.
export {
  LIMIT_MAX,
  PLAN_FEATURES,
  VALUE_MAX,
  formatPrice,
  parseValue,
  planBody,
  planFormValues,
  type Plan,
  type PlanBody,
  type PlanFeature,
  type PlanFormValues,
} from './plan-rules';
export { PlansView, type PlansViewProps } from './PlansView/PlansView';
export { PlanModal, type PlanModalProps } from './PlanModal/PlanModal';
export { Plans, type PlansProps } from './Plans/Plans';
export { plansTexts } from './plans.texts';
export { removePlan, useCreatePlan, useDeletePlan, usePlans, usePublicPlans, useUpdatePlan, writePlan } from './data/plans';
