import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { Form, FormPasswordField, FormSubmit, FormTextField } from '../../forms/Form';
import { applyServerErrors, serverFieldErrors } from '../../forms/server-errors';
import { required } from '../../forms/validators';
import { useT } from '../../i18n';
import { useToast } from '../../primitives/Toast/Toast';
import { useSession } from '../../provider/context';
import type { SessionUser } from '../../provider/session-store';
import { AuthLayout } from '../AuthLayout/AuthLayout';
import { useSignupOpen } from '../../provider/session-queries';
import { subscriptionNotice } from './subscription-notice';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginViewProps {
  /** Resolves when logged in; a rejection keeps the form as it was (its API field errors go on the fields). */
  onSubmit: (values: LoginValues) => Promise<unknown> | void;
  brand?: ReactNode;
  forgotPasswordHref?: string;
  signUpHref?: string;
  /** Show the 'sign up' link (default true); false where the platform closed public sign-up. */
  showSignUp?: boolean;
  defaultValues?: Partial<LoginValues>;
  /** Focus the first field when shown (default true; a widget on someone else's page turns it off until the visitor uses it). */
  autoFocus?: boolean;
}

const requiredRule = required('validation.required');

/** The login form (spec administration §2): email, password with show/hide, links to reset and sign-up. */
export function LoginView({
  onSubmit,
  brand,
  forgotPasswordHref = '/forgetpsw',
  signUpHref = '/signup',
  showSignUp = true,
  defaultValues,
  autoFocus = true,
}: LoginViewProps) {
  const t = useT();
  const form = useForm<LoginValues>({ defaultValues: { email: '', password: '', ...defaultValues } });

  const submit = async (values: LoginValues) => {
    try {
      await onSubmit({ email: values.email.trim(), password: values.password });
    } catch (err) {
      // The connected screen toasts anything that is not a field error; the form stays as typed.
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <AuthLayout
      title={t('login.title')}
      brand={brand}
      footer={
        <>
          <Link className="atd-AuthLayout-link" href={forgotPasswordHref}>
            {t('login.forgotPassword')}
          </Link>
          {showSignUp && (
            <Link className="atd-AuthLayout-link" href={signUpHref}>
              {t('login.signUp')}
            </Link>
          )}
        </>
      }
    >
      <Form form={form} className="atd-AuthLayout-form" onSubmit={submit}>
        <FormTextField<LoginValues> name="email" rule={requiredRule} label={t('field.email')} type="email" autoComplete="email" autoFocus={autoFocus} />
        <FormPasswordField<LoginValues> name="password" rule={requiredRule} label={t('field.password')} autoComplete="current-password" />
        <FormSubmit>{t('login.submit')}</FormSubmit>
      </Form>
    </AuthLayout>
  );
}

export interface LoginProps extends Omit<LoginViewProps, 'onSubmit'> {
  /** After a successful login and its toast; the host routes (stored redirect, / or /tickets). */
  onLoggedIn?: (user: SessionUser) => void;
  /** Today, for the subscription check (tests). */
  now?: () => Date;
}

/**
 * Login through the provider's session: errors as a translated toast (ERR_INVALID_CREDENTIALS...),
 * then the subscription toast of the company's due date.
 */
export function Login({ onLoggedIn, now = () => new Date(), ...props }: LoginProps) {
  const t = useT();
  const toast = useToast();
  const session = useSession();
  const submit = async ({ email, password }: LoginValues) => {
    let user: SessionUser;
    try {
      user = await session.login(email, password);
    } catch (err) {
      if (!serverFieldErrors(err).length) toast.toastError(err);
      throw err;
    }
    const notice = subscriptionNotice(user.company.dueDate, now());
    toast.show({ kind: notice.kind, message: t(notice.key, notice.vars) });
    onLoggedIn?.(user);
  };
  // The 'sign up' link only while the platform's public sign-up is open (GET /public-settings).
  const signupOpen = useSignupOpen();
  return <LoginView showSignUp={signupOpen !== false} {...props} onSubmit={submit} />;
}
