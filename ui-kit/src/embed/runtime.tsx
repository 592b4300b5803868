/**
 * The embed's widget code (a chunk the loader, src/embed.tsx, fetches on the first mount): React, the provider
 * and the kit's stylesheet; each widget's screens are chunks of their own, fetched the first time a mount shows
 * that widget (auth-widgets.tsx: login, sign-up, password reset, profile; tickets-widget.tsx; chat-widget.tsx).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-aria-components';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { enableShadowDOM } from 'react-stately/private/flags/flags';
import kitCss from '../widget-styles.css?inline';
import type { EmbedEvent, EmbedInternals, EmbedOptions, EmbedRuntime, EmbedView, EmbedWidget, SessionPeers } from '../embed';
import { LazyRealtimeCache, lazyRealtimeModules } from '../data/realtime';
import { AtendeProviderBase } from '../provider/AtendeProvider';
import { useAtende } from '../provider/context';
import type { EmbedSession } from '../provider/embed-session';
import { SeatContext, sharedEmbedSession, takeSeat, type Seat } from './shared-session';
import { WIDGET_HREF, type WidgetProps } from './widget-props';

/** The realtime handlers of the embed's screens (realtime-modules.ts), loaded once a user is signed in. */
export const embedRealtime = lazyRealtimeModules(() => import('./realtime-modules').then((m) => m.EMBED_REALTIME));

// Focus handling across the shadow boundary (react-aria's own flag; every embedded widget lives in a shadow root).
enableShadowDOM();

const ROOT_FONT_PX = 16;

/** The kit's stylesheet for a shadow root: rem lengths in px (the host's <html> font size must not scale the widget). */
export function embedStylesheet(css: string = kitCss): string {
  const kit = css.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(parseFloat(n) * ROOT_FONT_PX).toFixed(3)}px`);
  return `${kit}
@layer atende {
  :host { display: block !important; height: 100%; }
  /* Nothing the host element inherits reaches the widget. */
  .atd-embed { all: initial; display: block; height: 100%; }
  .atd-embed > .atd-root { height: 100%; }
  /* A widget takes the size of its content, not of the viewport. */
  .atd-embed .atd-AuthLayout { min-height: 0; }
  /* The sign-in gate's states (signing in, failed, the form is on another widget): centred in the widget. */
  .atd-embed .atd-EmbedGate { display: flex; align-items: center; justify-content: center; box-sizing: border-box; height: 100%; min-height: 160px; padding: 24px; }
}
`;
}

/**
 * The host's design tokens (EmbedOptions.cssVariables) as a rule of the shadow root that wins over the kit's own and
 * over the white-label's inline ones (an !important declaration beats an inline one). Names outside --atd-* and
 * values that could end the rule are left out.
 */
export function hostTokens(vars: Record<string, unknown> | undefined): string {
  const declarations = Object.entries(vars ?? {})
    .filter(([name, value]) => /^--atd-[A-Za-z0-9-]+$/.test(name) && typeof value === 'string' && !/[;{}<>\\]/.test(value))
    .map(([name, value]) => `${name}: ${String(value)} !important;`);
  return declarations.length ? `.atd-embed > .atd-root { ${declarations.join(' ')} }` : '';
}

type WidgetGroup = 'auth' | 'tickets' | 'chat';

const GROUP: Record<EmbedWidget, WidgetGroup> = {
  login: 'auth',
  signup: 'auth',
  'forgot-password': 'auth',
  profile: 'auth',
  tickets: 'tickets',
  chat: 'chat',
};

// Each group is a chunk of its own, fetched by React.lazy the first time a mount shows one of its widgets.
const WIDGETS: Record<WidgetGroup, ComponentType<WidgetProps>> = {
  auth: lazy(() => import('./auth-widgets').then((m) => ({ default: m.AuthWidget }))),
  tickets: lazy(() => import('./tickets-widget').then((m) => ({ default: m.TicketsWidget }))),
  chat: lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget }))),
};

export const renderWidget: EmbedRuntime['renderWidget'] = async (shadow, options, internals, peers) => {
  // This mount's place in its session (in mount order, before any wait): the first live mount shows the sign-in form.
  const { seat, leave } = takeSeat(peers);
  let current = options;
  // With getToken, one exchange for all the mounts of the session; its code comes only to pages that use it.
  const embed = options.getToken
    ? await import('../provider/embed-session').then(({ createEmbedSession }) =>
        sharedEmbedSession(peers, () => createEmbedSession({ apiUrl: options.apiUrl, fetch: internals.fetch, getToken: () => current.getToken!() })),
      )
    : undefined;
  const doc = shadow.ownerDocument;
  const style = doc.createElement('style');
  style.textContent = embedStylesheet();
  shadow.appendChild(style);
  const tokens = doc.createElement('style');
  tokens.textContent = hostTokens(options.cssVariables);
  shadow.appendChild(tokens);
  const container = doc.createElement('div');
  container.className = 'atd-embed';
  shadow.appendChild(container);

  const root: Root = createRoot(container);
  // Bumped by update() so the widget shown follows the host, even after it moved itself.
  let revision = 0;
  let queryClient: QueryClient | null = null;
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));

  const render = () =>
    root.render(
      <EmbedApp
        options={current}
        revision={revision}
        internals={internals}
        peers={peers}
        seat={seat}
        embed={embed}
        onReady={onReady}
        onQueryClient={(client) => {
          queryClient = client;
        }}
      />,
    );
  render();

  const view: EmbedView = {
    update(next) {
      current = next;
      tokens.textContent = hostTokens(next.cssVariables);
      revision += 1;
      render();
    },
    unmount() {
      // Runs every effect cleanup synchronously: the provider closes its socket and clears the ping timer.
      root.unmount();
      leave();
      // Inactive queries keep a garbage-collection timer: drop them now.
      queryClient?.clear();
      style.remove();
      tokens.remove();
      container.remove();
    },
  };
  return ready.then(() => view);
};

function EmbedApp({
  options,
  revision,
  internals,
  peers,
  seat,
  embed,
  onReady,
  onQueryClient,
}: {
  options: EmbedOptions;
  revision: number;
  internals: EmbedInternals;
  peers: SessionPeers;
  seat: Seat;
  embed: EmbedSession | undefined;
  onReady: () => void;
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

  const emit = (event: EmbedEvent) => onEvent?.(event);
  const moveTo = (next: EmbedWidget) => {
    setMoved(true);
    setShown({ widget: next, revision });
    emit({ type: 'navigate', widget: next });
  };
  const navigate = (href: string) => {
    const target = (Object.keys(WIDGET_HREF) as (keyof typeof WIDGET_HREF)[]).find((w) => WIDGET_HREF[w] === href);
    if (target) moveTo(target);
  };
  const Widget = WIDGETS[GROUP[widget]];

  return (
    <AtendeProviderBase
      apiUrl={apiUrl}
      locale={locale}
      theme={theme}
      companyId={companyId}
      storageKeyPrefix={storageKeyPrefix}
      storage={internals.storage}
      fetch={internals.fetch}
      socketFactory={internals.socketFactory}
      embedSession={embed}
      onLogout={(reason) => {
        onLogout?.(reason);
        emit({ type: 'logout', reason });
      }}
    >
      <QueryClientProbe onClient={onQueryClient} />
      <LazyRealtimeCache modules={embedRealtime} />
      <SessionPeer peers={peers} />
      <RouterProvider navigate={navigate}>
        <SeatContext.Provider value={seat}>
          <Suspense fallback={null}>
            <Widget widget={widget} revision={revision} ticketUuid={options.ticketUuid} emit={emit} moveTo={moveTo} autoFocus={autoFocus} />
            <Ready onReady={onReady} />
          </Suspense>
        </SeatContext.Provider>
      </RouterProvider>
    </AtendeProviderBase>
  );
}

/** Commits with the widget (same Suspense boundary): the loader's `ready` settles when the widget shows. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/**
 * Keeps this mount's session in step with the other mounts of its storage prefix (shareSession): a sign-in, a
 * renewed token or a sign-out here is applied to them, and theirs here.
 */
function SessionPeer({ peers }: { peers: SessionPeers }) {
  const { store } = useAtende();
  useEffect(() => {
    const self = {
      sync(session: ReturnType<typeof store.get>) {
        const mine = store.get();
        if (mine.token === session.token && mine.user === session.user) return;
        store.set(session.token && session.user ? { token: session.token, user: session.user, impersonated: session.impersonated } : null);
      },
    };
    peers.add(self);
    const unsubscribe = store.subscribe(() => {
      for (const peer of peers) if (peer !== self) peer.sync(store.get());
    });
    return () => {
      unsubscribe();
      peers.delete(self);
    };
  }, [peers, store]);
  return null;
}

function QueryClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => onClient(client), [client, onClient]);
  return null;
}
