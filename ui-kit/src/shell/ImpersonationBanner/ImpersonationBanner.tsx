import { useState } from 'react';
import { Button } from '../../primitives/Button/Button';
import { useToast } from '../../primitives/Toast/Toast';
import { useT } from '../../i18n/locale-context';
import { useApiClient, useSession } from '../../provider/context';

export interface ImpersonationBannerProps {
  /** After the super user's own session is back (the console goes to /). */
  onEnded?: () => void;
}

/**
 * While a super user acts as someone (the session names its impersonator), on every page: whose session this is, who
 * acts, and the way back (DELETE /auth/impersonate answers the super user's own session, no new login).
 */
export function ImpersonationBanner({ onEnded }: ImpersonationBannerProps) {
  const t = useT();
  const client = useApiClient();
  const toast = useToast();
  const { user, setSession, logout } = useSession();
  const [pending, setPending] = useState(false);
  const impersonator = user?.impersonator;
  if (!user || !impersonator) return null;

  const goBack = async () => {
    setPending(true);
    const { data, error } = await client.DELETE('/auth/impersonate', {});
    setPending(false);
    if (!data) {
      toast.toastError(error);
      await logout();
      return;
    }
    setSession({ token: data.token, user: data.user, impersonated: false });
    onEnded?.();
  };

  return (
    <section className="atd-ImpersonationBanner" aria-label={t('impersonation.region')}>
      <p className="atd-ImpersonationBanner-text">
        {t('impersonation.banner', { user: user.name, company: user.company.name, impersonator: impersonator.name })}
      </p>
      <Button variant="secondary" isPending={pending} onPress={() => void goBack()}>
        {t('impersonation.back')}
      </Button>
    </section>
  );
}
