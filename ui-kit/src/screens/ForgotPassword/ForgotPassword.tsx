import { useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { Form, FormPasswordField, FormSubmit, FormTextField } from '../../forms/Form';
import { applyServerErrors, serverFieldErrors } from '../../forms/server-errors';
import { confirmPasswordRule, required, resetEmailRule, resetPasswordRule } from '../../forms/validators';
import { useT } from '../../i18n';
import { useToast } from '../../primitives/Toast/Toast';
import { unwrap } from '../../provider/api-error';
import { useApiClient } from '../../provider/context';
import { AuthLayout } from '../AuthLayout/AuthLayout';

export interface ResetValues {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ForgotPasswordViewProps {
  /** Step 1: mail a code; resolving reveals step 2. */
  onRequestCode: (email: string) => Promise<unknown> | void;
  /** Step 2: set the new password with the mailed code. */
  onReset: (values: { email: string; code: string; newPassword: string }) => Promise<unknown> | void;
  brand?: ReactNode;
  loginHref?: string;
  /** Start on step 2 (stories). */
  initialStep?: 1 | 2;
  defaultEmail?: string;
  /** Focus the first field when shown (default true; a widget on someone else's page turns it off until the visitor uses it). */
  autoFocus?: boolean;
}

const codeRule = required('validation.required');

/** Password reset (spec administration §2, /forgetpsw): e-mail, then code, new password and confirmation. */
export function ForgotPasswordView({
  onRequestCode,
  onReset,
  brand,
  loginHref = '/login',
  initialStep = 1,
  defaultEmail = '',
  autoFocus = true,
}: ForgotPasswordViewProps) {
  const t = useT();
  const [step, setStep] = useState<1 | 2>(initialStep);
  const form = useForm<ResetValues>({ defaultValues: { email: defaultEmail, code: '', newPassword: '', confirmPassword: '' } });
  // Step 1 mounts only the e-mail field, so only its rule runs then.
  const confirmRule = confirmPasswordRule(() => form.getValues('newPassword'));

  const submit = async (values: ResetValues) => {
    try {
      if (step === 1) {
        await onRequestCode(values.email.trim());
        setStep(2);
      } else {
        await onReset({ email: values.email.trim(), code: values.code.trim(), newPassword: values.newPassword });
      }
    } catch (err) {
      // A refused e-mail (ERR_VALIDATION on `email`) shows on its field and the user stays to correct it; the
      // connected screen toasts anything else.
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      brand={brand}
      footer={
        <Link className="atd-AuthLayout-link" href={loginHref}>
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <Form form={form} className="atd-AuthLayout-form" onSubmit={submit}>
        <FormTextField<ResetValues>
          name="email"
          rule={resetEmailRule}
          label={t('field.email')}
          type="email"
          autoComplete="email"
          isReadOnly={step === 2}
          autoFocus={autoFocus}
        />
        {step === 2 && (
          <>
            <p className="atd-AuthLayout-note" role="status">
              {t('forgot.emailSent')}
            </p>
            <FormTextField<ResetValues> name="code" rule={codeRule} label={t('forgot.code')} inputMode="numeric" autoComplete="one-time-code" />
            <FormPasswordField<ResetValues> name="newPassword" rule={resetPasswordRule} label={t('forgot.newPassword')} autoComplete="new-password" />
            <FormPasswordField<ResetValues> name="confirmPassword" rule={confirmRule} label={t('forgot.confirmPassword')} autoComplete="new-password" />
          </>
        )}
        <FormSubmit>{step === 1 ? t('forgot.sendEmail') : t('forgot.reset')}</FormSubmit>
      </Form>
    </AuthLayout>
  );
}

export interface ForgotPasswordProps extends Omit<ForgotPasswordViewProps, 'onRequestCode' | 'onReset'> {
  /** Leave the screen for the root route, after the reset. */
  onDone: () => void;
}

/**
 * The reset flow against the API: POST /forgetpassword/{email} (the API answers an e-mail of no account as any
 * other, so step 2 says the code went out "if an account exists"); a malformed e-mail shows on its field and a
 * failed request (too many tries, mail down) toasts its error, both keeping the user on the form to correct it.
 * POST /resetpassword/... then leaves for the root with a success toast. A wrong code shows its error and stays.
 */
export function ForgotPassword({ onDone, ...props }: ForgotPasswordProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const requestCode = async (email: string) => {
    try {
      await unwrap(client.POST('/forgetpassword/{email}', { params: { path: { email } } }));
    } catch (err) {
      if (!serverFieldErrors(err).some((f) => f.field === 'email')) toast.toastError(err);
      throw err;
    }
  };
  const reset: ForgotPasswordViewProps['onReset'] = async ({ email, code, newPassword }) => {
    try {
      await unwrap(client.POST('/resetpassword/{email}/{token}/{newPassword}', { params: { path: { email, token: code, newPassword } } }));
    } catch (err) {
      toast.toastError(err);
      throw err;
    }
    toast.success(t('forgot.success'));
    onDone();
  };
  return <ForgotPasswordView {...props} onRequestCode={requestCode} onReset={reset} />;
}
