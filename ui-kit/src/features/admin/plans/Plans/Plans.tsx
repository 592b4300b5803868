import { useState } from 'react';
import { useCreatePlan, useDeletePlan, useUpdatePlan } from '../data/plans';
import { usePlans } from '../../../../data/queries';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useT } from '../../../../i18n';
import { plansTexts } from '../plans.texts';
import { useToast } from '../../../../primitives/Toast/Toast';
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
  const toast = useToast();
  const list = usePlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [editor, setEditor] = useState<{ open: boolean; plan: Plan | null; key: number }>({ open: false, plan: null, key: 0 });
  const open = (plan: Plan | null) => setEditor((e) => ({ open: true, plan, key: e.key + 1 }));

  return (
    <>
      <PlansView
        plans={list.data}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={async (plan) => {
          try {
            await remove.mutateAsync(plan.id);
            toast.success(t('plans.deleted'));
          } catch (err) {
            toast.toastError(err);
          }
        }}
        headingLevel={headingLevel}
      />
      <PlanModal
        key={editor.key}
        isOpen={editor.open}
        onOpenChange={(isOpen) => setEditor((e) => ({ ...e, open: isOpen }))}
        plan={editor.plan}
        onSave={async (values) => {
          try {
            if (editor.plan) await update.mutateAsync({ id: editor.plan.id, body: planBody(values) });
            else await create.mutateAsync(planBody(values));
          } catch (err) {
            const code = (err as { code?: unknown } | null)?.code;
            if (serverFieldErrors(err).length === 0 && code !== 'ERR_PLAN_NAME_EXISTS') toast.toastError(err);
            throw err;
          }
          toast.success(t('plans.saved'));
        }}
      />
    </>
  );
}
