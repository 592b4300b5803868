import { useForm } from 'react-hook-form';
import type { Schema } from '../../../../client';
import { FormPasswordField, FormSelect, FormSwitch, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { applyServerErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { companiesTexts } from '../companies.texts';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import {
  RECURRENCES,
  companyEmailRule,
  companyFormValues,
  companyNameRule,
  companyPasswordRule,
  companyPhoneRule,
  companyPlanRule,
  dueDateRule,
  newCompanyEmailRule,
  type Company,
  type CompanyFormValues,
} from '../company-rules';

type Plan = Pick<Schema<'PlanDto'>, 'id' | 'name'>;

export interface CompanyModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The company edited; null to add one. Mount anew (a `key`) for each opening. */
  company?: Company | null;
  /** GET /plans/all; undefined while they load. */
  plans: Plan[] | undefined;
  /**
   * Resolve to close; reject to stay open: the API's field errors land on their fields, a taken name on the name and
   * an e-mail already registered on the e-mail. The caller toasts the failure.
   */
  onSave: (values: CompanyFormValues) => Promise<void>;
}

/** Codes that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, 'name' | 'email' | 'planId'> = {
  ERR_COMPANY_NAME_EXISTS: 'name',
  ERR_EMAIL_ALREADY_REGISTERED: 'email',
  ERR_NO_PLAN_FOUND: 'planId',
};

/**
 * The company form (spec administration §3, §5): name (2-50: 'Too Short!', 'Too Long!', 'Required'), e-mail
 * ('Invalid email'), phone, plan, active, campaigns, due date and recurrence. Adding one also creates its
 * administrator, who logs in with the e-mail and the password (5-50): both are required then. The password is not
 * part of an edit.
 */
export function CompanyModal({ isOpen, onOpenChange, company, plans, onSave }: CompanyModalProps) {
  const t = useT(companiesTexts);
  const locale = useLocale();
  const form = useForm<CompanyFormValues>({ defaultValues: companyFormValues(company) });
  const editing = Boolean(company);

  const submit = async (values: CompanyFormValues) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      const field = FIELD_OF_CODE[String((err as { code?: unknown } | null)?.code)];
      if (field) form.setError(field, { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
      else applyServerErrors(form.setError, err);
    }
  };

  const planItems = (plans ?? []).map((plan) => ({ id: plan.id, label: plan.name }));
  const recurrenceItems = RECURRENCES.map((r) => ({ id: r, label: t(`companies.recurrence.${r}`) }));

  return (
    <FormDialog
      title={t(editing ? 'companies.modal.edit' : 'companies.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      form={form}
      onSubmit={submit}
      formClassName="atd-CompanyModal-form"
    >
      <div className="atd-CompanyModal-grid">
        <FormTextField<CompanyFormValues> name="name" rule={companyNameRule} label={t('companies.field.name')} isRequired autoFocus autoComplete="off" />
        <FormTextField<CompanyFormValues> name="phone" rule={companyPhoneRule} label={t('companies.field.phone')} type="tel" autoComplete="off" />
      </div>
      {!editing && <h3 className="atd-CompanyModal-sectionTitle">{t('companies.section.login')}</h3>}
      <div className="atd-CompanyModal-grid">
        <FormTextField<CompanyFormValues>
          name="email"
          rule={editing ? companyEmailRule : newCompanyEmailRule}
          label={t('companies.field.email')}
          description={t('companies.field.email.description')}
          type="email"
          autoComplete="off"
          isRequired={!editing}
        />
        {!editing && (
          <FormPasswordField<CompanyFormValues>
            name="password"
            rule={companyPasswordRule}
            label={t('companies.field.password')}
            description={t('companies.field.password.description')}
            autoComplete="new-password"
            isRequired
          />
        )}
      </div>
      <h3 className="atd-CompanyModal-sectionTitle">{t('companies.section.subscription')}</h3>
      <div className="atd-CompanyModal-grid">
        {plans === undefined ? (
          <Spinner size="sm" label={t('companies.field.plan.loading')} showLabel />
        ) : (
          <FormSelect<CompanyFormValues> name="planId" rule={companyPlanRule} label={t('companies.field.plan')} items={planItems} isRequired />
        )}
        <FormSelect<CompanyFormValues> name="recurrence" label={t('companies.field.recurrence')} items={recurrenceItems} />
        <FormTextField<CompanyFormValues> name="dueDate" rule={dueDateRule} label={t('companies.field.dueDate')} type="date" />
      </div>
      <div className="atd-CompanyModal-switches">
        <FormSwitch<CompanyFormValues> name="status">{t('companies.field.status')}</FormSwitch>
        <FormSwitch<CompanyFormValues> name="campaignsEnabled">{t('companies.field.campaignsEnabled')}</FormSwitch>
      </div>
    </FormDialog>
  );
}
