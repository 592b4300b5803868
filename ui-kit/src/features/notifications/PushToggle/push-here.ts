import type { Schema } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import type { useApiClient } from '../../../provider/context';
import { defaultStorage } from '../../../provider/storage';

// What the shell needs of push at every load (ending this browser's subscription at logout), apart from the profile
// modal's switch (PushToggle.tsx, loaded with the modal): the shell's first load does not bring the switch with it.

/** This browser's id for the API's push subscriptions (DELETE /subscribe/{userId}?browserId= turns off this one only). */
export const BROWSER_ID_KEY = 'atendeBrowserId';

/** Whether this browser can do web push at all (service workers, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
}

export function browserId(): string {
  const storage = defaultStorage();
  let id = storage.getItem(BROWSER_ID_KEY);
  if (!id) storage.setItem(BROWSER_ID_KEY, (id = crypto.randomUUID()));
  return id;
}

type ApiClient = ReturnType<typeof useApiClient>;

/** The API calls of push-subscription.ts, made with the kit's client for this user. */
export function pushApi(client: ApiClient, userId: number) {
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
