/** The sign-in form in front of a widget that needs a session (profile, tickets, chat). */
import type { ReactNode } from 'react';
import { useSession } from '../provider/context';
import { Login } from '../screens/Login/Login';
import { WIDGET_HREF, type WidgetProps } from './widget-props';

type GateProps = Pick<WidgetProps, 'emit' | 'autoFocus'> & { children: ReactNode };

/** The children once signed in; the sign-in form (with its links to sign-up and reset) before. */
export function SignInGate({ emit, autoFocus, children }: GateProps) {
  const session = useSession();
  if (session.status === 'authenticated') return <>{children}</>;
  return (
    <Login
      forgotPasswordHref={WIDGET_HREF['forgot-password']}
      signUpHref={WIDGET_HREF.signup}
      autoFocus={autoFocus}
      onLoggedIn={(user) => emit({ type: 'login', user })}
    />
  );
}
