import { useEffect, useState } from 'react';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { Switch } from '../../../primitives/Switch/Switch';
import { useToast } from '../../../primitives/Toast/Toast';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSession } from '../../../provider/context';
import { defaultStorage } from '../../../provider/storage';

/** This browser's id for the API's push subscriptions (DELETE /subscribe/{userId}?browserId= turns off this one only). */
export const BROWSER_ID_KEY = 'atendeBrowserId';

/** Whether this browser can do web push at all (service workers, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
}

function browserId(): string {
  const storage = defaultStorage();
  let id = storage.getItem(BROWSER_ID_KEY);
  if (!id) storage.setItem(BROWSER_ID_KEY, (id = crypto.randomUUID()));
  return id;
}

type ApiClient = ReturnType<typeof useApiClient>;

/** The API calls of push-subscription.ts, made with the kit's client for this user. */
function pushApi(client: ApiClient, userId: number) {
  return {
    publicKey: async () => (await unwrap(client.GET('/subscribe/public-key'))).publicKey,
    save: (body: Schema<'SubscribePushDto'>) => unwrap(client.POST('/subscribe', { body })),
    remove: (id: string) => unwrap(client.DELETE('/subscribe/{userId}', { params: { path: { userId }, query: { browserId: id } } })),
  };
}

/**
 * Before a logout: ends this browser's push subscription, if it has one, so the next person who signs in on this
 * computer does not receive the previous user's notifications. Never fails (the logout goes on regardless).
 */
export async function endPushHere(client: ApiClient, userId: number, serviceWorkerUrl: string): Promise<void> {
  if (!pushSupported()) return;
  try {
    const push = await import('./push-subscription');
    if (await push.pushIsOn(serviceWorkerUrl)) await push.turnPushOff(pushApi(client, userId), userId, browserId(), serviceWorkerUrl);
  } catch {
    // Offline or the API refused: the server drops the record when the push service answers 410 for it.
  }
}

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
