import { useCreatePlan, useDeletePlan, useUpdatePlan } from '../data/plans';
import { usePlans } from '../data/plans';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useT } from '../../../../i18n';
import { plansTexts } from '../plans.texts';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { PlanModal } from '../PlanModal/PlanModal';
import { PlansView } from '../PlansView/PlansView';
import { planBody, type Plan } from '../plan-rules';

export interface PlansProps {
  headingLevel?: 2 | 3 | 4;
}

/**
 * The settings' Planos tab (super users, plans:manage), connected: GET /plans/all; add and edit in the modal
 * (POST, PUT /plans/{id}); delete confirmed (ERR_PLAN_IN_USE while a company is on it).
 */
export function Plans({ headingLevel }: PlansProps) {
  const t = useT(plansTexts);
  const list = usePlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (plan: Plan, body) => update.mutateAsync({ id: plan.id, body }),
    remove: (plan) => remove.mutateAsync(plan.id),
    texts: { saved: t('plans.saved'), deleted: t('plans.deleted') },
    // A taken name shows on its field.
    shownByForm: (err) => serverFieldErrors(err).length > 0 || (err as { code?: unknown } | null)?.code === 'ERR_PLAN_NAME_EXISTS',
  });

  return (
    <>
      <PlansView
        plans={list.data}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        headingLevel={headingLevel}
      />
      <PlanModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        plan={crud.modal.editing}
        onSave={(values) => crud.save(planBody(values))}
      />
    </>
  );
}
