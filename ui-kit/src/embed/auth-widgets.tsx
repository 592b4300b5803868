/** The embed's sign-in widgets: login, signup, forgot-password, profile. */
import { useState } from 'react';
import { useT } from '../i18n';
import { Button } from '../primitives/Button/Button';
import { useSession } from '../provider/context';
import { AuthLayout } from '../screens/AuthLayout/AuthLayout';
import { ForgotPassword } from '../screens/ForgotPassword/ForgotPassword';
import { SignUp } from '../screens/SignUp/SignUp';
import { UserProfileModal } from '../screens/UserProfileModal/UserProfileModal';
import { SignInGate } from './sign-in-gate';
import { WIDGET_HREF, type WidgetProps } from './widget-props';

export function AuthWidget({ widget, revision, emit, moveTo, autoFocus }: WidgetProps) {
  switch (widget) {
    case 'signup':
      return (
        <SignUp
          loginHref={WIDGET_HREF.login}
          autoFocus={autoFocus}
          onSignedUp={(email) => {
            emit({ type: 'signup', email });
            moveTo('login');
          }}
        />
      );
    case 'forgot-password':
      return <ForgotPassword loginHref={WIDGET_HREF.login} autoFocus={autoFocus} onDone={() => moveTo('login')} />;
    case 'profile':
      // The profile needs a session: without one the widget asks for it first.
      return (
        <SignInGate widget={widget} emit={emit} autoFocus={autoFocus}>
          <Profile key={revision} emit={emit} />
        </SignInGate>
      );
    default:
      return (
        <SignInGate widget={widget} emit={emit} autoFocus={autoFocus}>
          <SignedIn />
        </SignInGate>
      );
  }
}

function Profile({ emit }: Pick<WidgetProps, 'emit'>) {
  const [open, setOpen] = useState(true);
  return (
    <UserProfileModal
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) emit({ type: 'profile-closed' });
      }}
    />
  );
}

/** The login widget once signed in: who, and a way out. */
function SignedIn() {
  const t = useT();
  const { user, logout } = useSession();
  if (!user) return null;
  return (
    <AuthLayout title={user.name}>
      <p>{user.email}</p>
      <Button variant="secondary" onPress={() => void logout()}>
        {t('topbar.logout')}
      </Button>
    </AuthLayout>
  );
}
