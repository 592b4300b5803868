/** What a widget that needs a session (profile, tickets, chat) shows until it has one. */
import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';
import { Button } from '../primitives/Button/Button';
import { EmptyState } from '../primitives/EmptyState/EmptyState';
import { Spinner } from '../primitives/Spinner/Spinner';
import { useEmbedSession, useSession } from '../provider/context';
import type { EmbedSessionError } from '../provider/embed-session';
import { Login } from '../screens/Login/LazyLogin';
import { embedSessionPt, embedSessionTexts } from '../i18n/embed-session-texts';
import { useShowsSignInForm } from './shared-session';
import { WIDGET_HREF, type WidgetProps } from './widget-props';

type GateProps = Pick<WidgetProps, 'widget' | 'emit' | 'autoFocus'> & { children: ReactNode };

const ERROR_TEXT: Record<EmbedSessionError['kind'], MessageKey> = {
  token: 'embedSession.error.token',
  refused: 'embedSession.error.refused',
  network: 'embedSession.error.network',
};

/** A refusal's own text when the API named a code this gate knows (the partner's setup to fix), else its kind's. */
function errorKey(error: EmbedSessionError | undefined): MessageKey {
  const code = error?.code;
  if (error?.kind === 'refused' && code && code in embedSessionPt) return code as MessageKey;
  return ERROR_TEXT[error?.kind ?? 'network'];
}

/**
 * The children once signed in. Before: with the partner's `getToken`, the session starting, or why it could not and a
 * retry (never a password form); with password sign-in, the form (with its links to sign-up and reset) on the first
 * live mount of the session, and on the others a note pointing at it until that sign-in reaches them.
 */
export function SignInGate({ widget, emit, autoFocus, children }: GateProps) {
  const t = useT(embedSessionTexts);
  const session = useSession();
  const embed = useEmbedSession();
  const showsForm = useShowsSignInForm();
  if (session.status === 'authenticated') return <>{children}</>;
  if (embed) {
    if (embed.status === 'connecting' || embed.status === 'ready') {
      return (
        <div className="atd-EmbedGate" data-state="pending">
          <Spinner label={t('embedSession.connecting')} showLabel />
        </div>
      );
    }
    const failed = embed.status === 'error';
    return (
      <div className="atd-EmbedGate" data-state={embed.status}>
        <EmptyState
          icon={failed ? 'info' : null}
          headingLevel={2}
          title={t(failed ? 'embedSession.error' : 'embedSession.signedOut')}
          description={failed ? <p role="alert">{t(errorKey(embed.error))}</p> : undefined}
          action={
            <Button variant={failed ? 'primary' : 'secondary'} onPress={embed.retry}>
              {t(failed ? 'action.retry' : 'embedSession.signIn')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!showsForm) {
    const note: MessageKey = widget === 'tickets' || widget === 'chat' ? `embedSession.elsewhere.${widget}` : 'embedSession.elsewhere.other';
    return (
      <div className="atd-EmbedGate" data-state="elsewhere">
        <EmptyState icon="info" headingLevel={2} title={t(note)} />
      </div>
    );
  }
  return (
    <Login
      forgotPasswordHref={WIDGET_HREF['forgot-password']}
      signUpHref={WIDGET_HREF.signup}
      autoFocus={autoFocus}
      onLoggedIn={(user) => emit({ type: 'login', user })}
    />
  );
}
