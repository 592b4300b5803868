import type { Schema } from '../../../client';

/** The API calls push needs, made by PushToggle with the kit's client (this module stays free of the data layer). */
export interface PushApi {
  publicKey(): Promise<string>;
  save(body: Schema<'SubscribePushDto'>): Promise<unknown>;
  /** DELETE /subscribe/{userId}?browserId=. */
  remove(browserId: string): Promise<unknown>;
}

/** Why turning push on failed in the browser (the API's own errors come as ApiRequestError). */
export class PushSetupError extends Error {
  constructor(readonly problem: 'denied' | 'serviceWorker') {
    super(problem);
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  const x = a ? new Uint8Array(a) : null;
  return x != null && x.length === b.length && x.every((v, i) => v === b[i]);
};

/** The registration once its worker is active: pushManager.subscribe needs an active worker. */
async function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return registration;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
  return registration;
}

/** Whether this browser has push on for the service worker: permission granted and a subscription there. */
export async function pushIsOn(serviceWorkerUrl: string): Promise<boolean> {
  if (Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration(new URL(serviceWorkerUrl, location.href).href);
  return (await registration?.pushManager.getSubscription()) != null;
}

/**
 * Turns push on: asks permission, registers the service worker, subscribes with the API's VAPID key (replacing a
 * subscription made with another key) and sends it to POST /subscribe.
 */
export async function turnPushOn(api: PushApi, userId: number, browserId: string, serviceWorkerUrl: string): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushSetupError('denied');
  let registration: ServiceWorkerRegistration;
  try {
    registration = await activated(await navigator.serviceWorker.register(serviceWorkerUrl));
  } catch {
    throw new PushSetupError('serviceWorker');
  }
  const key = keyBytes(await api.publicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON();
  await api.save({ browserId, userId, pushSubscription: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } } });
}

/** Turns push off on this browser: the browser's subscription and the API's record of it. */
export async function turnPushOff(api: PushApi, _userId: number, browserId: string, serviceWorkerUrl: string): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(new URL(serviceWorkerUrl, location.href).href);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await api.remove(browserId);
}
