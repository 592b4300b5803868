import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { Switch } from '../../../primitives/Switch/Switch';
import { useToast } from '../../../primitives/Toast/Toast';
import { useApiClient, useSession } from '../../../provider/context';
import { browserId, pushApi } from './push-here';

export { BROWSER_ID_KEY, endPushHere, pushSupported } from './push-here';

export interface PushToggleProps {
  /** The host's service worker (the console serves console/public/sw.js at '/sw.js'). */
  serviceWorkerUrl: string;
}

/**
 * The user modal's 'Notificações push' switch (spec attendance §4): on asks the browser's permission ('Permissão às
 * notificações negada!' when refused), registers the host's service worker ('Sorry, unable to register service
 * worker' when that fails), subscribes with the API's VAPID key and sends the subscription (POST /subscribe with
 * this browser's id, kept in the kit's storage); off unsubscribes and removes this browser's record (DELETE
 * /subscribe/{userId}?browserId=). It shows this browser's state: another browser of the same user keeps its own.
 * The push code is loaded when the modal opens, not with the modal. Render it only where `pushSupported()`.
 */
export function PushToggle({ serviceWorkerUrl }: PushToggleProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const { user } = useSession();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    let live = true;
    void import('./push-subscription')
      .then((push) => push.pushIsOn(serviceWorkerUrl))
      .catch(() => false)
      .then((value) => live && (setOn(value), setBusy(false)));
    return () => {
      live = false;
    };
  }, [serviceWorkerUrl]);

  const change = async (next: boolean) => {
    if (!user) return;
    setBusy(true);
    const userId = user.id;
    const push = await import('./push-subscription');
    try {
      await (next ? push.turnPushOn : push.turnPushOff)(pushApi(client, userId), userId, browserId(), serviceWorkerUrl);
      setOn(next);
    } catch (err) {
      if (err instanceof push.PushSetupError) toast.error(t(err.problem === 'denied' ? 'notifications.permissionDenied' : 'notifications.serviceWorkerFailed'));
      else toast.toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Switch isSelected={on} isDisabled={busy} onChange={(next) => void change(next)}>
      {t('notifications.push')}
    </Switch>
  );
}
