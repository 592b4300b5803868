/**
 * The script-tag embed: `Atende.mount(element, options)` puts one of the kit's connected widgets
 * into a partner's page.
 *
 * This module is the loader (dist/embed/atende-embed.js, a few kB): it checks the options, makes the
 * widget's element and shadow root and answers the handle at once, and fetches the widget code on demand
 * (`import()` of ES chunks that sit beside the loader in dist/embed/chunks/: React and the provider once,
 * then each widget's screens the first time a mount shows it). Until that code arrives, `update()` and
 * `unmount()` work on the handle as usual; `handle.ready` settles when the widget has rendered.
 *
 * Isolation, both ways: each mount renders inside the shadow root of an `<atende-widget>` element
 * that it appends to the partner's element. The kit's CSS is a <style> inside that shadow root
 * (embed/runtime.tsx), so the host page never receives a kit rule, and the host page's selectors
 * cannot reach the widget. What still crosses a shadow boundary is inheritance and rem units: the
 * widget's wrapper resets every inherited property and the kit's rem lengths are turned into px.
 */
import type { LogoutReason } from './provider/auth-client';
import type { SessionUser } from './provider/session-store';
import type { SocketFactory } from './provider/AtendeProvider';
import type { KitStorage } from './provider/storage';
import type { Schema } from './client';
import type { Locale } from './i18n/translate';
import type { Theme } from './theme/AtendeRoot';

export const EMBED_WIDGETS = ['login', 'signup', 'forgot-password', 'profile', 'tickets', 'chat'] as const;
/** The connected widgets a partner can mount. */
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

/** Why the chat widget let its ticket go (the host usually clears the chat and refreshes its own state). */
export type TicketLeaveReason = 'closed' | 'returned' | 'transferred' | 'deleted' | 'forbidden';

/** What a mounted widget tells its host page. */
export type EmbedEvent =
  | { type: 'login'; user: SessionUser }
  | { type: 'logout'; reason: LogoutReason }
  | { type: 'signup'; email: string }
  /** The widget moved itself (a link between login, sign-up and password reset, or the end of a flow). */
  | { type: 'navigate'; widget: EmbedWidget }
  /** The profile dialog was closed; `update()` opens it again. */
  | { type: 'profile-closed' }
  /** tickets: the attendant chose a ticket (give its uuid to a chat widget: `chat.update({ ticketUuid })`). */
  | { type: 'ticket-selected'; ticket: Schema<'TicketDto'> }
  /** tickets: the attendant created a ticket. */
  | { type: 'ticket-created'; ticket: Schema<'TicketDto'> }
  /** chat: the attendant accepted the ticket shown. */
  | { type: 'ticket-accepted'; ticket: Schema<'TicketDto'> }
  /** chat: the ticket shown was closed, returned, transferred or deleted, or the user may not see it. */
  | { type: 'ticket-left'; ticketUuid: string; reason: TicketLeaveReason }
  /** The widget's code could not be loaded (network, CSP, CORS); a later mount tries again. */
  | { type: 'error'; message: string };

export interface EmbedOptions {
  /** The API's base URL, absolute ('https://api.example.com'). */
  apiUrl: string;
  widget: EmbedWidget;
  /** chat: the ticket to show (its uuid); without one the chat widget shows nothing. tickets: the ticket to highlight. */
  ticketUuid?: string;
  /** 'pt' (default), 'en' or 'es'. */
  locale?: Locale;
  /** 'light' or 'dark'; by default the visitor's system preference (remembered per mount). */
  theme?: Theme;
  /** The company whose white-label brand (name, logo, colours) the widget shows. */
  companyId?: number;
  /**
   * The kit's design tokens for this widget, e.g. `{ '--atd-primary': '#0a7d5a', '--atd-radius': '12px' }` (the list
   * is in the kit's theme/tokens.css). The page's own CSS cannot reach inside the widget: its look changes here. They
   * apply in both themes and win over the company's white-label colour.
   */
  cssVariables?: Record<`--atd-${string}`, string>;
  /**
   * Prefix of the widget's keys in localStorage: its session lives there. By default every mount
   * gets its own ('atende-embed-1:', 'atende-embed-2:'... in mount order), so two widgets never
   * share a session; two live mounts may not use the same prefix.
   */
  storageKeyPrefix?: string;
  /**
   * With the same `storageKeyPrefix` on several mounts (a ticket list and a chat beside it), one session for all
   * of them: signing in or out on one does it on the others. Every mount of that prefix must pass it.
   */
  shareSession?: boolean;
  /**
   * Sign-in minted by your server instead of a password (docs/partners.md): a function answering a promise of a fresh
   * partner token, which your page fetches from your own server (`() => fetch('/partner-token').then((r) => r.text())`).
   * The widget exchanges it for a session kept in memory only (no cookie, so it works across sites), calls it again
   * whenever that session ends, and shows no password form: while signing in a loading state, when `getToken` fails
   * or the token is refused a message and a retry button. With `shareSession`, one exchange serves every mount of
   * the prefix (the first mount's `getToken` is the one called). The page's origin must be among the embed key's
   * allowed origins.
   */
  getToken?: () => Promise<string>;
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
  /** Settles once the widget's code has loaded and it has rendered (rejects when the code cannot load). */
  ready: Promise<void>;
}

/** Not for partners: what the tests replace. */
export interface EmbedInternals {
  fetch?: (request: Request) => Promise<Response>;
  socketFactory?: SocketFactory;
  storage?: KitStorage;
}

/** The mounts of one storage prefix (one, unless they share their session): the runtime keeps their sessions in step. */
export type SessionPeers = Set<{ sync(session: { token: string | null; user: SessionUser | null; impersonated: boolean }): void }>;

/** What the loader asks of the widget code (embed/runtime.tsx). */
export interface EmbedRuntime {
  /** Renders the widget into the (empty) shadow root; answers when it has rendered. */
  renderWidget(shadow: ShadowRoot, options: EmbedOptions, internals: EmbedInternals, peers: SessionPeers): Promise<EmbedView>;
}

export interface EmbedView {
  update(options: EmbedOptions): void;
  unmount(): void;
}

/** The tag of the element that holds each widget's shadow root. */
export const EMBED_HOST_TAG = 'atende-widget';

const LOCALE_CODES: readonly string[] = ['pt', 'en', 'es'] satisfies Locale[];

function check(options: EmbedOptions): void {
  if (!options || typeof options.apiUrl !== 'string' || !options.apiUrl) throw new TypeError('Atende.mount: apiUrl is required');
  if (!(EMBED_WIDGETS as readonly string[]).includes(options.widget)) {
    throw new TypeError(`Atende.mount: widget must be one of ${EMBED_WIDGETS.join(', ')} (got ${String(options.widget)})`);
  }
  if (options.locale !== undefined && !LOCALE_CODES.includes(options.locale)) {
    throw new TypeError(`Atende.mount: locale must be one of ${LOCALE_CODES.join(', ')}`);
  }
  if (options.getToken !== undefined && typeof options.getToken !== 'function') {
    throw new TypeError('Atende.mount: getToken must be a function answering a promise of the partner token');
  }
  if (options.ticketUuid !== undefined && options.ticketUuid !== null && typeof options.ticketUuid !== 'string') {
    throw new TypeError('Atende.mount: ticketUuid must be a string');
  }
}

export interface Atende {
  mount: (target: Element | string, options: EmbedOptions, internals?: EmbedInternals) => EmbedHandle;
  EMBED_WIDGETS: typeof EMBED_WIDGETS;
  EMBED_HOST_TAG: typeof EMBED_HOST_TAG;
}

/**
 * One embed API over a way to load the widget code: the script entry (embed/script.ts) passes an `import()` of
 * the runtime chunk. The state it keeps (live storage prefixes, the mount counter, the loaded runtime) belongs to
 * that one API object, which the script puts on `window.Atende`.
 */
export function createAtende(loadRuntime: () => Promise<EmbedRuntime>): Atende {
  // The live storage prefixes: each one's mounts (one, or several that share their session).
  const live = new Map<string, { shared: boolean; peers: SessionPeers; mounts: number }>();
  let mounts = 0;
  let runtime: Promise<EmbedRuntime> | null = null;
  const load = () => {
    runtime ??= loadRuntime().catch((error: unknown) => {
      // The next mount tries again (a network blip must not break the page for good).
      runtime = null;
      throw error;
    });
    return runtime;
  };

  function mount(target: Element | string, options: EmbedOptions, internals: EmbedInternals = {}): EmbedHandle {
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    if (!element) {
      // A selector that matches nothing, or (from a page's untyped script) no element at all: null or undefined.
      const given = typeof target === 'string' ? target : target === null ? 'null' : typeof target;
      throw new Error(`Atende.mount: no element ${given}`);
    }
    check(options);
    const prefix = options.storageKeyPrefix ?? `atende-embed-${++mounts}:`;
    const shared = options.shareSession === true && options.storageKeyPrefix !== undefined;
    const group = live.get(prefix);
    if (group && !(group.shared && shared)) {
      throw new Error(`Atende.mount: another widget on this page already uses storageKeyPrefix '${prefix}' (pass shareSession: true to both to share it)`);
    }

    const host = element.ownerDocument.createElement(EMBED_HOST_TAG);
    // Inline, so no host rule (short of !important) hides or re-flows the widget's element.
    host.setAttribute('style', 'display:block');
    element.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const entry = group ?? { shared, peers: new Set(), mounts: 0 };
    entry.mounts += 1;
    live.set(prefix, entry);

    let current: EmbedOptions = { ...options, storageKeyPrefix: prefix };
    let view: EmbedView | null = null;
    let mounted = true;

    const ready = load().then(
      async (loaded) => {
        if (!mounted) return;
        const shown = await loaded.renderWidget(shadow, current, internals, entry.peers);
        if (mounted) view = shown;
        else shown.unmount();
      },
      (error: unknown) => {
        const message = `Atende: the widget code could not be loaded (${error instanceof Error ? error.message : String(error)})`;
        if (mounted) current.onEvent?.({ type: 'error', message });
        throw new Error(message, { cause: error });
      },
    );
    // A page that does not wait on `ready` must not get an unhandled rejection: the error event tells it.
    ready.catch(() => {});

    return {
      ready,
      unmount() {
        if (!mounted) return;
        mounted = false;
        view?.unmount();
        view = null;
        host.remove();
        entry.mounts -= 1;
        if (entry.mounts === 0) live.delete(prefix);
      },
      update(next) {
        if (!mounted) throw new Error('Atende: update() after unmount()');
        if (next.storageKeyPrefix !== undefined && next.storageKeyPrefix !== prefix) {
          throw new Error('Atende: storageKeyPrefix cannot change; unmount and mount again');
        }
        if (next.shareSession !== undefined && next.shareSession !== current.shareSession) {
          throw new Error('Atende: shareSession cannot change; unmount and mount again');
        }
        const merged = { ...current, ...next, storageKeyPrefix: prefix };
        check(merged);
        current = merged;
        // Before the code arrived, the widget simply renders with the merged options.
        view?.update(current);
      },
    };
  }

  return { mount, EMBED_WIDGETS, EMBED_HOST_TAG };
}

/** The embed API with the widget code from this package (tests, and bundlers that import the kit's sources). */
export const { mount } = createAtende(() => import('./embed/runtime'));
