/**
 * The script-tag embed: `Atende.mount(element, options)` puts one of the kit's connected widgets
 * into a partner's page (dist/embed/atende-embed.js, an IIFE that bundles React, react-dom and
 * the kit and sets `window.Atende`).
 *
 * Isolation, both ways: each mount renders inside the shadow root of an `<atende-widget>` element
 * that it appends to the partner's element. The kit's CSS is a <style> inside that shadow root,
 * so the host page never receives a kit rule, and the host page's selectors cannot reach the
 * widget. What still crosses a shadow boundary is inheritance (font, colour, line height... of
 * the host element) and rem units (the host's <html> font size): the widget's wrapper resets
 * every inherited property (`all: initial`) and the kit's rem lengths are turned into px here.
 * Overlays (toasts, popovers, dialogs) portal into the kit root's portal host, which sits inside
 * the same shadow root, and react-aria's shadow-DOM support is switched on for focus handling.
 */
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-aria-components';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { enableShadowDOM } from 'react-stately/private/flags/flags';
import kitCss from './styles.css?inline';
import { useT } from './i18n';
import { LOCALES, type Locale } from './i18n/translate';
import { Button } from './primitives/Button/Button';
import { AtendeProvider, type SocketFactory } from './provider/AtendeProvider';
import { useSession } from './provider/context';
import type { LogoutReason } from './provider/auth-client';
import type { SessionUser } from './provider/session-store';
import type { KitStorage } from './provider/storage';
import { AuthLayout } from './screens/AuthLayout/AuthLayout';
import { ForgotPassword } from './screens/ForgotPassword/ForgotPassword';
import { Login } from './screens/Login/Login';
import { SignUp } from './screens/SignUp/SignUp';
import { UserProfileModal } from './screens/UserProfileModal/UserProfileModal';
import type { Theme } from './theme/AtendeRoot';

export const EMBED_WIDGETS = ['login', 'signup', 'forgot-password', 'profile'] as const;
/** The connected widgets a partner can mount. */
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

/** What a mounted widget tells its host page. */
export type EmbedEvent =
  | { type: 'login'; user: SessionUser }
  | { type: 'logout'; reason: LogoutReason }
  | { type: 'signup'; email: string }
  /** The widget moved itself (a link between login, sign-up and password reset, or the end of a flow). */
  | { type: 'navigate'; widget: EmbedWidget }
  /** The profile dialog was closed; `update()` opens it again. */
  | { type: 'profile-closed' };

export interface EmbedOptions {
  /** The API's base URL, absolute ('https://api.example.com'). */
  apiUrl: string;
  widget: EmbedWidget;
  /** 'pt' (default), 'en' or 'es'. */
  locale?: Locale;
  /** 'light' or 'dark'; by default the visitor's system preference (remembered per mount). */
  theme?: Theme;
  /** The company whose white-label brand (name, logo, colours) the widget shows. */
  companyId?: number;
  /**
   * Prefix of the widget's keys in localStorage: its session lives there. By default every mount
   * gets its own ('atende-embed-1:', 'atende-embed-2:'... in mount order), so two widgets never
   * share a session; two live mounts may not use the same prefix.
   */
  storageKeyPrefix?: string;
  /**
   * Focus the form's first field when the widget first shows (default false: a widget must not pull
   * the visitor's keyboard away from your page). Once the visitor moves inside the widget (login to
   * sign-up, back), the form it moves to takes focus either way.
   */
  autoFocus?: boolean;
  /** The session ended: 'user' (logout), 'expired', 'forced'. */
  onLogout?: (reason: LogoutReason) => void;
  onEvent?: (event: EmbedEvent) => void;
}

export interface EmbedHandle {
  /** Removes the widget: React root, socket and its ping timer, query cache, the <atende-widget> element. */
  unmount(): void;
  /** Merges new options (a new `widget` replaces the one the widget moved to by itself). */
  update(options: Partial<EmbedOptions>): void;
}

/** Not for partners: what the tests replace. */
export interface EmbedInternals {
  fetch?: (request: Request) => Promise<Response>;
  socketFactory?: SocketFactory;
  storage?: KitStorage;
}

/** The tag of the element that holds each widget's shadow root. */
export const EMBED_HOST_TAG = 'atende-widget';

const ROOT_FONT_PX = 16;

/** The kit's stylesheet for a shadow root: rem lengths in px (the host's <html> font size must not scale the widget). */
export function embedStylesheet(css: string = kitCss): string {
  const kit = css.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(parseFloat(n) * ROOT_FONT_PX).toFixed(3)}px`);
  return `${kit}
@layer atende {
  :host { display: block !important; }
  /* Nothing the host element inherits reaches the widget. */
  .atd-embed { all: initial; display: block; }
  /* A widget takes the size of its content, not of the viewport. */
  .atd-embed .atd-AuthLayout { min-height: 0; }
}
`;
}

const live = new Set<string>();
let mounts = 0;
let shadowDomEnabled = false;

function check(options: EmbedOptions): void {
  if (!options || typeof options.apiUrl !== 'string' || !options.apiUrl) throw new TypeError('Atende.mount: apiUrl is required');
  if (!(EMBED_WIDGETS as readonly string[]).includes(options.widget)) {
    throw new TypeError(`Atende.mount: widget must be one of ${EMBED_WIDGETS.join(', ')} (got ${String(options.widget)})`);
  }
  if (options.locale !== undefined && !(LOCALES as readonly string[]).includes(options.locale)) {
    throw new TypeError(`Atende.mount: locale must be one of ${LOCALES.join(', ')}`);
  }
}

/** Mounts a widget into `target` (an element or a selector); answers a handle to update or remove it. */
export function mount(target: Element | string, options: EmbedOptions, internals: EmbedInternals = {}): EmbedHandle {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!element) {
    // A selector that matches nothing, or (from a page's untyped script) no element at all: null or undefined.
    const given = typeof target === 'string' ? target : target === null ? 'null' : typeof target;
    throw new Error(`Atende.mount: no element ${given}`);
  }
  check(options);
  const prefix = options.storageKeyPrefix ?? `atende-embed-${++mounts}:`;
  if (live.has(prefix)) throw new Error(`Atende.mount: another widget on this page already uses storageKeyPrefix '${prefix}'`);

  if (!shadowDomEnabled) {
    enableShadowDOM();
    shadowDomEnabled = true;
  }

  const host = element.ownerDocument.createElement(EMBED_HOST_TAG);
  // Inline, so no host rule (short of !important) hides or re-flows the widget's element.
  host.setAttribute('style', 'display:block');
  element.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const style = element.ownerDocument.createElement('style');
  style.textContent = embedStylesheet();
  shadow.appendChild(style);
  const container = element.ownerDocument.createElement('div');
  container.className = 'atd-embed';
  shadow.appendChild(container);

  live.add(prefix);
  const root: Root = createRoot(container);
  let current: EmbedOptions = { ...options, storageKeyPrefix: prefix };
  // Bumped by update({ widget }) so the widget shown follows the host, even after it moved itself.
  let revision = 0;
  let queryClient: QueryClient | null = null;
  let mounted = true;

  const render = () =>
    root.render(
      <EmbedApp
        options={current}
        revision={revision}
        internals={internals}
        onQueryClient={(client) => {
          queryClient = client;
        }}
      />,
    );
  render();

  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      // Runs every effect cleanup synchronously: the provider closes its socket and clears the ping timer.
      root.unmount();
      // Inactive queries keep a garbage-collection timer: drop them now.
      queryClient?.clear();
      host.remove();
      live.delete(prefix);
    },
    update(next) {
      if (!mounted) throw new Error('Atende: update() after unmount()');
      const merged = { ...current, ...next, storageKeyPrefix: prefix };
      if (next.storageKeyPrefix !== undefined && next.storageKeyPrefix !== prefix) {
        throw new Error('Atende: storageKeyPrefix cannot change; unmount and mount again');
      }
      check(merged);
      current = merged;
      revision += 1;
      render();
    },
  };
}

/** Hrefs of the links between the public screens; the router below turns them into in-place moves. */
const WIDGET_HREF: Record<'login' | 'signup' | 'forgot-password', string> = {
  login: '#atende-login',
  signup: '#atende-signup',
  'forgot-password': '#atende-forgot-password',
};

function EmbedApp({
  options,
  revision,
  internals,
  onQueryClient,
}: {
  options: EmbedOptions;
  revision: number;
  internals: EmbedInternals;
  onQueryClient: (client: QueryClient) => void;
}) {
  const { apiUrl, locale, theme, companyId, storageKeyPrefix, onLogout, onEvent } = options;
  const [shown, setShown] = useState<{ widget: EmbedWidget; revision: number }>({ widget: options.widget, revision });
  // The visitor moved inside the widget: from then on the form they move to takes the focus.
  const [moved, setMoved] = useState(false);
  const autoFocus = moved || (options.autoFocus ?? false);
  // An update() from the host wins over where the widget moved by itself.
  const widget = shown.revision === revision ? shown.widget : options.widget;
  if (shown.revision !== revision) setShown({ widget: options.widget, revision });

  const moveTo = (next: EmbedWidget) => {
    setMoved(true);
    setShown({ widget: next, revision });
    onEvent?.({ type: 'navigate', widget: next });
  };
  const navigate = (href: string) => {
    const target = (Object.keys(WIDGET_HREF) as (keyof typeof WIDGET_HREF)[]).find((w) => WIDGET_HREF[w] === href);
    if (target) moveTo(target);
  };

  return (
    <AtendeProvider
      apiUrl={apiUrl}
      locale={locale}
      theme={theme}
      companyId={companyId}
      storageKeyPrefix={storageKeyPrefix}
      storage={internals.storage}
      fetch={internals.fetch}
      socketFactory={internals.socketFactory}
      onLogout={(reason) => {
        onLogout?.(reason);
        onEvent?.({ type: 'logout', reason });
      }}
    >
      <QueryClientProbe onClient={onQueryClient} />
      <RouterProvider navigate={navigate}>
        <Widget widget={widget} revision={revision} onEvent={onEvent} moveTo={moveTo} autoFocus={autoFocus} />
      </RouterProvider>
    </AtendeProvider>
  );
}

function QueryClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => onClient(client), [client, onClient]);
  return null;
}

function Widget({
  widget,
  revision,
  onEvent,
  moveTo,
  autoFocus,
}: {
  widget: EmbedWidget;
  revision: number;
  onEvent?: (event: EmbedEvent) => void;
  moveTo: (widget: EmbedWidget) => void;
  autoFocus: boolean;
}) {
  const session = useSession();
  const login = (
    <Login
      forgotPasswordHref={WIDGET_HREF['forgot-password']}
      signUpHref={WIDGET_HREF.signup}
      autoFocus={autoFocus}
      onLoggedIn={(user) => onEvent?.({ type: 'login', user })}
    />
  );
  switch (widget) {
    case 'login':
      return session.status === 'authenticated' ? <SignedIn /> : login;
    case 'signup':
      return (
        <SignUp
          loginHref={WIDGET_HREF.login}
          autoFocus={autoFocus}
          onSignedUp={(email) => {
            onEvent?.({ type: 'signup', email });
            moveTo('login');
          }}
        />
      );
    case 'forgot-password':
      return <ForgotPassword loginHref={WIDGET_HREF.login} autoFocus={autoFocus} onDone={() => moveTo('login')} />;
    case 'profile':
      // The profile needs a session: without one the widget asks for it first.
      return session.status === 'authenticated' ? <Profile key={revision} onEvent={onEvent} /> : login;
  }
}

function Profile({ onEvent }: { onEvent?: (event: EmbedEvent) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <UserProfileModal
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onEvent?.({ type: 'profile-closed' });
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
