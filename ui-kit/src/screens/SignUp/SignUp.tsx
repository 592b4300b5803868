import type { ReactNode } from 'react';
import { Link, type Key } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import type { Schema } from '../../client';
import { useSignupOpen } from '../../provider/session-queries';
import { usePublicPlans } from '../../features/admin/plans';
import { Form, FormPasswordField, FormSelect, FormSubmit, FormTextField } from '../../forms/Form';
import { applyServerErrors, serverFieldErrors } from '../../forms/server-errors';
import { emailRule, nameRule, passwordRule, required } from '../../forms/validators';
import { useT } from '../../i18n';
import { useToast } from '../../primitives/Toast/Toast';
import { unwrap } from '../../provider/api-error';
import { useApiClient } from '../../provider/context';
import { AuthLayout } from '../AuthLayout/AuthLayout';

export type Plan = Schema<'PlanDto'>;

export interface SignUpValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
}

/** The form's own values: the plan is the chosen option's key, null until one is chosen. */
type SignUpForm = Omit<SignUpValues, 'planId'> & { planId: Key | null };

export interface SignUpViewProps {
  plans: Plan[];
  plansError?: boolean;
  /** The plans are still on their way: the select reads "Carregando planos…" and cannot open (an empty list opens nothing). */
  plansLoading?: boolean;
  /** A rejection keeps the form as typed; its API field errors go on the fields. */
  onSubmit: (values: Omit<SignUpValues, 'planId'> & { planId: number }) => Promise<unknown> | void;
  brand?: ReactNode;
  loginHref?: string;
  defaultValues?: Partial<SignUpValues>;
  /** Focus the first field when shown (default true; a widget on someone else's page turns it off until the visitor uses it). */
  autoFocus?: boolean;
  /** The platform closed public sign-up (invitation only): the page says so instead of the form. */
  closed?: boolean;
}

const planRule = required();

/** Sign-up (spec administration §2): company name, email, phone, password with show/hide, plan. */
export function SignUpView({
  plans,
  plansError,
  plansLoading = false,
  onSubmit,
  brand,
  loginHref = '/login',
  defaultValues,
  autoFocus = true,
  closed = false,
}: SignUpViewProps) {
  const t = useT();
  const form = useForm<SignUpForm>({
    defaultValues: { name: '', email: '', phone: '', password: '', ...defaultValues, planId: defaultValues?.planId || null },
  });
  const planOptions = plans.map((plan) => ({
    id: String(plan.id),
    label: t('signup.planOption', {
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      value: plan.value.toFixed(2).replace('.', ','),
    }),
  }));

  const submit = async (values: SignUpForm) => {
    try {
      await onSubmit({ ...values, name: values.name.trim(), email: values.email.trim(), planId: Number(values.planId) });
    } catch (err) {
      // the connected screen toasts anything that is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  const footer = (
    <Link className="atd-AuthLayout-link" href={loginHref}>
      {t('signup.toLogin')}
    </Link>
  );
  if (closed) {
    return (
      <AuthLayout title={t('signup.closed.title')} brand={brand} footer={footer}>
        <p className="atd-AuthLayout-note" role="status">
          {t('signup.closed.body')}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('signup.title')} brand={brand} footer={footer}>
      <Form form={form} className="atd-AuthLayout-form" onSubmit={submit}>
        <FormTextField<SignUpForm> name="name" rule={nameRule} label={t('signup.companyName')} autoComplete="organization" autoFocus={autoFocus} />
        <FormTextField<SignUpForm> name="email" rule={emailRule} label={t('field.email')} type="email" autoComplete="email" />
        <FormTextField<SignUpForm> name="phone" label={t('signup.phone')} type="tel" autoComplete="tel" />
        <FormPasswordField<SignUpForm> name="password" rule={passwordRule} label={t('field.password')} autoComplete="new-password" />
        <FormSelect<SignUpForm>
          name="planId"
          rule={planRule}
          label={t('signup.plan')}
          items={planOptions}
          isDisabled={plansLoading}
          placeholder={plansLoading ? t('signup.plansLoading') : undefined}
        />
        {plansError && (
          <p className="atd-AuthLayout-note" role="alert">
            {t('signup.plansError')}
          </p>
        )}
        <FormSubmit>{t('signup.submit')}</FormSubmit>
      </Form>
    </AuthLayout>
  );
}

export interface SignUpProps extends Omit<SignUpViewProps, 'plans' | 'plansError' | 'plansLoading' | 'onSubmit' | 'closed'> {
  /** After the company is created and the success toast shown; the host goes to login. */
  onSignedUp?: (email: string) => void;
}

/**
 * Sign-up against the API: plans from GET /plans/list, POST /companies/cadastro (the server sets the trial). A platform
 * that closed public sign-up (GET /public-settings' signupOpen false) gets the closed page instead of the form.
 */
export function SignUp({ onSignedUp, ...props }: SignUpProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const plans = usePublicPlans();
  const submit: SignUpViewProps['onSubmit'] = async (values) => {
    try {
      await unwrap(client.POST('/companies/cadastro', { body: { ...values, phone: values.phone || undefined } }));
    } catch (err) {
      if (!serverFieldErrors(err).length) toast.toastError(err);
      throw err;
    }
    toast.success(t('signup.success'));
    onSignedUp?.(values.email);
  };
  const open = useSignupOpen();
  return <SignUpView {...props} closed={open === false} plans={plans.data ?? []} plansError={plans.isError} plansLoading={plans.isPending} onSubmit={submit} />;
}
