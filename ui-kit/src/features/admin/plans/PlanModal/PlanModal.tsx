import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCheckboxGroup, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { plansTexts } from '../plans.texts';
import { Checkbox } from '../../../../primitives/Checkbox/Checkbox';
import { PLAN_FEATURES, limitRule, planFormValues, planNameRule, valueRule, type Plan, type PlanFormValues } from '../plan-rules';

export interface PlanModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The plan edited; null to add one. Mount anew (a `key`) for each opening. */
  plan?: Plan | null;
  /** Resolve to close; reject to stay open (field errors on their fields, a taken name on the name). */
  onSave: (values: PlanFormValues) => Promise<void>;
}

const FIELDS = new Set(['name', 'users', 'connections', 'queues', 'value', ...PLAN_FEATURES]);

/**
 * The plan form (spec administration §2): name, the limits of users, connections and queues, the monthly price in
 * BRL with two decimals, and every feature flag. The API enforces each flag and limit on the companies of the plan.
 */
export function PlanModal({ isOpen, onOpenChange, plan, onSave }: PlanModalProps) {
  const t = useT(plansTexts);
  const locale = useLocale();
  const form = useForm<PlanFormValues>({ defaultValues: planFormValues(plan, locale) });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: PlanFormValues) => {
    setFailure(null);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code === 'ERR_PLAN_NAME_EXISTS') {
        form.setError('name', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
        return;
      }
      applyServerErrors(form.setError, err);
      if (!serverFieldErrors(err).every(({ field }) => FIELDS.has(field))) setFailure(errorText(locale, err));
    }
  };

  return (
    <FormDialog
      title={t(plan ? 'plans.modal.edit' : 'plans.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      form={form}
      onSubmit={submit}
      formClassName="atd-PlanModal-form"
    >
      {failure && <p role="alert">{failure}</p>}
      <FormTextField<PlanFormValues> name="name" rule={planNameRule} label={t('plans.field.name')} isRequired autoFocus autoComplete="off" />
      <h3 className="atd-PlanModal-sectionTitle">{t('plans.section.limits')}</h3>
      <div className="atd-PlanModal-grid">
        <FormTextField<PlanFormValues> name="users" rule={limitRule} label={t('plans.field.users')} inputMode="numeric" />
        <FormTextField<PlanFormValues> name="connections" rule={limitRule} label={t('plans.field.connections')} inputMode="numeric" />
        <FormTextField<PlanFormValues> name="queues" rule={limitRule} label={t('plans.field.queues')} inputMode="numeric" />
        <FormTextField<PlanFormValues>
          name="value"
          rule={valueRule}
          label={t('plans.field.value')}
          description={t('plans.field.value.description')}
          inputMode="decimal"
        />
      </div>
      <FormCheckboxGroup<PlanFormValues> name="features" label={t('plans.section.features')} className="atd-PlanModal-features">
        {PLAN_FEATURES.map((f) => (
          <Checkbox key={f} value={f}>
            {t(`plans.feature.${f}`)}
          </Checkbox>
        ))}
      </FormCheckboxGroup>
    </FormDialog>
  );
}
