import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserProfileModal } from '../../../screens/UserProfileModal/UserProfileModal';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { AtendeShell } from '../../../shell/AtendeShell';
import { BROWSER_ID_KEY, PushToggle } from './PushToggle';

/** The API's VAPID key: 65 bytes (0x04, then 64), base64url. */
const KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

/** A browser with service workers, the Push API and notifications, in the state a test sets. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; registerFails?: boolean; subscribed?: boolean } = {}) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    options: { applicationServerKey: KEY_BYTES.buffer },
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BP256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const registration = { active: {}, installing: null, waiting: null, pushManager };
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  const serviceWorker = {
    register: vi.fn(async () => {
      if (options.registerFails) throw new Error('SecurityError');
      return registration;
    }),
    getRegistration: vi.fn(async () => (options.subscribed || current ? registration : undefined)),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { notification, serviceWorker, pushManager, subscription };
}

function routes(): Routes {
  return {
    'GET /subscribe/public-key': () => json(200, { publicKey: PUBLIC_KEY }),
    'POST /subscribe': () => json(201, { id: 1, userId: 7, browserId: 'b', createdAt: '2026-11-26T12:00:00Z' }),
    'DELETE /subscribe/7': () => json(204, undefined),
  };
}

describe('PushToggle', () => {
  beforeEach(() => localStorage.removeItem(BROWSER_ID_KEY));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('turns push on: permission, the service worker, a subscription with the API key, POST /subscribe with this browser', async () => {
    const browser = fakeBrowser();
    const { api, container } = renderSignedIn(<PushToggle serviceWorkerUrl="/sw.js" />, routes());
    const toggle = await screen.findByRole('switch', { name: 'Notificações push' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await expectNoA11yViolations(container);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...options[0].applicationServerKey]).toEqual([...KEY_BYTES]);
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/subscribe')!;
    const browserId = localStorage.getItem(BROWSER_ID_KEY);
    expect(browserId).toBeTruthy();
    expect(JSON.parse(post.body)).toEqual({
      browserId,
      userId: 7,
      pushSubscription: { endpoint: 'https://push.example/abc', keys: { p256dh: 'BP256', auth: 'AUTH' } },
    });
  });

  it("says 'Permissão às notificações negada!' when the browser's permission is refused, and stays off", async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const { api } = renderSignedIn(<PushToggle serviceWorkerUrl="/sw.js" />, routes());
    const toggle = await screen.findByRole('switch', { name: 'Notificações push' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Permissão às notificações negada!')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path === '/subscribe')).toBe(false);
  });

  it("says 'Não foi possível registrar o service worker' when registering fails", async () => {
    const browser = fakeBrowser({ registerFails: true });
    const { api } = renderSignedIn(<PushToggle serviceWorkerUrl="/sw.js" />, routes());
    const toggle = await screen.findByRole('switch', { name: 'Notificações push' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Não foi possível registrar o service worker')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path === '/subscribe')).toBe(false);
  });

  it("shows this browser's subscription as on; off unsubscribes and removes this browser's record", async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem(BROWSER_ID_KEY, 'browser-1');
    const deleted: string[] = [];
    const { api } = renderSignedIn(<PushToggle serviceWorkerUrl="/sw.js" />, {
      ...routes(),
      'DELETE /subscribe/7': (request) => (deleted.push(request.url), json(204, undefined)),
    });
    const toggle = await screen.findByRole('switch', { name: 'Notificações push' });
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    const del = api.calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/subscribe/7');
    expect(new URL(deleted[0]).searchParams.get('browserId')).toBe('browser-1');
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });
});

describe('UserProfileModal push switch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });
  const modal = (url?: string) => <UserProfileModal isOpen onOpenChange={() => {}} connections={[]} pushServiceWorkerUrl={url} />;

  it('shows where the host gives a service worker and the browser can do push', async () => {
    fakeBrowser();
    renderSignedIn(modal('/sw.js'), routes());
    expect(await screen.findByRole('switch', { name: 'Notificações push' })).toBeInTheDocument();
  });

  it("is absent without the host's service worker (partners' pages) or without browser support", async () => {
    fakeBrowser();
    const { unmount } = renderSignedIn(modal(), routes());
    await screen.findByRole('dialog');
    expect(screen.queryByRole('switch', { name: 'Notificações push' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    renderSignedIn(modal('/sw.js'), routes());
    await screen.findByRole('dialog');
    expect(screen.queryByRole('switch', { name: 'Notificações push' })).not.toBeInTheDocument();
  });
});

describe('logout from the shell ends push on this browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('unsubscribes and removes this browser record before DELETE /auth/logout', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem(BROWSER_ID_KEY, 'browser-1');
    const { api } = renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} pushServiceWorkerUrl="/sw.js" />, {
      ...routes(),
      'DELETE /auth/logout': () => json(204, undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Menu do usuário' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/auth/logout')).toBe(true));
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    const order = api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    expect(order).toEqual(['/subscribe/7', '/auth/logout']);
  });

  it('without a subscription here the logout calls nothing else', async () => {
    fakeBrowser({ permission: 'granted' });
    const { api } = renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} pushServiceWorkerUrl="/sw.js" />, {
      ...routes(),
      'DELETE /auth/logout': () => json(204, undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Menu do usuário' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/auth/logout')).toBe(true));
    expect(api.calls.some((c) => c.path.startsWith('/subscribe'))).toBe(false);
  });
});
