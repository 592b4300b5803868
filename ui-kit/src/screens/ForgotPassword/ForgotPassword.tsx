import { useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { Form, FormPasswordField, FormSubmit, FormTextField } from '../../forms/Form';
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
    } catch {
      // the connected screen tells the user (the API's reset routes take path parameters, no form fields)
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
  /** Leave the screen for the root route: after the reset, or when the e-mail is unknown or the request fails. */
  onDone: () => void;
}

/**
 * The reset flow against the API: POST /forgetpassword/{email}; an unknown e-mail (404) or a
 * failed request shows the reset-error toast and leaves for the root; POST /resetpassword/...
 * then leaves for the root with a success toast. A wrong code shows its error and stays.
 */
export function ForgotPassword({ onDone, ...props }: ForgotPasswordProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const requestCode = async (email: string) => {
    try {
      await unwrap(client.POST('/forgetpassword/{email}', { params: { path: { email } } }));
    } catch (err) {
      toast.error(t('forgot.error'));
      onDone();
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
