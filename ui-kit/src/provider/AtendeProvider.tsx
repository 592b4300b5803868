import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { USER_STATUS_PING_MS } from '../client';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/translate';
import { AtendeRoot, type Theme } from '../theme/AtendeRoot';
import { ToastProvider } from '../primitives/Toast/Toast';
import { ApiRequestError } from './api-error';
import { publicSettingsKey, settingsListKey } from './provider-keys';
import { createAuthClient, sessionSlotFor, type LogoutReason } from './auth-client';
import { AtendeContext, useAtende, useSocketEvent, type AtendeContextValue } from './context';
import type { EmbedSession, GetToken } from './embed-session';
import { bindEmbedSession } from './embed-session-bind';
import { SessionStore } from './session-store';
import { PrefixedStore, defaultStorage, type KitStorage } from './storage';
import { absoluteApiBase, overlayWhiteLabel, toWhiteLabel } from './white-label';

/** Makes the socket.io connection; may answer a promise (the default loads socket.io-client on first use). */
export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket | Promise<Socket>;

/**
 * socket.io-client loads when a session first needs a socket, so the sign-in pages of a host
 * app do not carry it in their initial JavaScript.
 */
const loadSocketIo: SocketFactory = (url, options) => import('socket.io-client').then(({ io }) => io(url, options));

export interface AtendeProviderProps {
  /** The API's base URL: absolute ('https://api.example.com') or relative to the page ('' or '/api'). */
  apiUrl: string;
  /** Texts and formatting; controlled when given, else the last choice kept in storage, else pt. */
  locale?: Locale;
  onLocaleChange?: (locale: Locale) => void;
  /** Controlled theme; when absent the choice is kept in storage under 'preferredTheme', defaulting to the system preference. */
  theme?: Theme;
  onThemeChange?: (theme: Theme) => void;
  /** The company whose white-label brand to show; defaults to the session's company, the last one seen, then 1. */
  companyId?: number;
  /** Read GET /public-settings/{companyId} and apply the brand (default true). */
  whiteLabel?: boolean;
  /** The session ended: 'user' (logout()), 'expired' (401 or failed refresh), 'forced' (account opened elsewhere, no onForcedLogout). */
  onLogout?: (reason: LogoutReason) => void;
  /**
   * The account was opened on another computer (socket `company-{id}-auth`, action update, this
   * user's id) and this is not an impersonation. The console shows 'Sua conta foi acessada em
   * outro computador.', clears storage and reloads after 1 s. Without it the session just ends.
   */
  onForcedLogout?: () => void;
  /** Where the session, theme and language are kept (window.localStorage by default). */
  storage?: KitStorage;
  /** Prefix of every storage key, so two providers on one page keep separate sessions (default ''). */
  storageKeyPrefix?: string;
  /**
   * The API refresh-cookie slot of this provider (`X-Atende-Session`). Defaults to one derived from
   * `storageKeyPrefix`, so providers with different prefixes never renew into each other's user;
   * none for the default prefix ''.
   */
  sessionSlot?: string;
  /**
   * Sign-in minted by the partner's server (docs/partners.md): answers a fresh partner token, fetched from the host's
   * own server. The provider exchanges it for a session kept in memory only, asks again when that session ends and
   * shows no password form; without it, sign-in is by password as before. Whether there is one is read once.
   */
  getToken?: GetToken;
  /**
   * The partner-minted session itself (createEmbedSession), which AtendeProviderBase takes instead of `getToken`: the
   * public AtendeProvider makes it from `getToken`, the embed runtime passes one per shared session. Not for hosts.
   */
  embedSession?: EmbedSession;
  /** Realtime connection (default true). */
  realtime?: boolean;
  /** Tests and hosts may replace fetch and the socket.io constructor. */
  fetch?: (request: Request) => Promise<Response>;
  socketFactory?: SocketFactory;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

const SOCKET_AUTH_ERRORS = new Set(['ERR_TOKEN_EXPIRED', 'ERR_SESSION_EXPIRED']);

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function socketTarget(apiUrl: string): { url: string; path: string } {
  const base = absoluteApiBase(apiUrl);
  return { url: base.origin, path: `${base.pathname.replace(/\/+$/, '')}/socket.io` };
}

/** socket.io reads its handshake query at each reconnection: the refreshed token goes there, in place. */
function renewSocketToken(socket: Socket, token: string): void {
  socket.io.opts.query = { ...(socket.io.opts.query as object), token };
}

/**
 * The kit's session provider: one typed API client (token, refresh, logout), one TanStack Query
 * cache, one socket.io connection, the session, the locale, the theme and the company's white-label brand, all owned
 * by this instance (nothing module-level: two providers on a page share nothing). It renders the kit root
 * (AtendeRoot) and a toast region. It knows no feature and no cache write: the public AtendeProvider
 * (src/atende-provider.tsx) is this one with the realtime cache of every feature inside (data/realtime.ts); the
 * embed's widgets put in only the handlers their screens need.
 */
export function AtendeProviderBase({
  apiUrl,
  locale: localeProp,
  onLocaleChange,
  theme: themeProp,
  onThemeChange,
  companyId: companyIdProp,
  whiteLabel: readWhiteLabel = true,
  onLogout,
  onForcedLogout,
  storage,
  storageKeyPrefix = '',
  sessionSlot,
  embedSession,
  realtime = true,
  fetch: fetchImpl,
  socketFactory = loadSocketIo,
  className,
  style,
  children,
}: AtendeProviderProps) {
  const prefixed = useMemo(() => new PrefixedStore(storage ?? defaultStorage(), storageKeyPrefix), [storage, storageKeyPrefix]);
  // The base leaves `getToken` to the public AtendeProvider, so the embed's runtime chunk does not carry the exchange.
  const embed = embedSession ?? null;
  const store = useMemo(() => new SessionStore(prefixed, { persist: !embed }), [prefixed, embed]);
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            refetchOnWindowFocus: false,
            staleTime: 30_000,
            // An API answer (4xx) will not change on retry; a network failure might.
            retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
          },
        },
      }),
  );

  const callbacks = useRef({ onLogout, onForcedLogout, onThemeChange, onLocaleChange });
  useEffect(() => {
    callbacks.current = { onLogout, onForcedLogout, onThemeChange, onLocaleChange };
  });

  const sessionEnded = useCallback(
    (reason: LogoutReason) => {
      queryClient.clear();
      callbacks.current.onLogout?.(reason);
    },
    [queryClient],
  );

  const auth = useMemo(
    // createAuthClient keeps sessionEnded to call when a session ends, never during render; the compiler cannot see that.
    () =>
      // eslint-disable-next-line react-hooks/refs
      createAuthClient({
        apiUrl,
        store,
        fetch: fetchImpl,
        onSessionEnd: sessionEnded,
        sessionSlot: sessionSlot ?? sessionSlotFor(storageKeyPrefix),
        renew: embed?.renew,
      }),
    [apiUrl, store, fetchImpl, sessionEnded, sessionSlot, storageKeyPrefix, embed],
  );

  useEffect(() => (embed ? bindEmbedSession(embed, store, () => sessionEnded('expired')) : undefined), [embed, store, sessionEnded]);

  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const userId = session.user?.id;
  const sessionCompanyId = session.user?.companyId;
  const companyId = companyIdProp ?? sessionCompanyId ?? store.lastCompanyId() ?? 1;

  // Another user in place of this one (an impersonation, any setSession): nothing read as the previous user stays;
  // the queries on screen refetch as the new one.
  const lastUserId = useRef(userId);
  useEffect(() => {
    if (lastUserId.current !== undefined && userId !== undefined && lastUserId.current !== userId) void queryClient.resetQueries();
    lastUserId.current = userId;
  }, [userId, queryClient]);

  // Set while this client itself ends the session (logout, forced logout): the socket the server then
  // closes is expected, not a sign that the session was revoked elsewhere.
  const ending = useRef(false);

  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      if (!store.get().token) return;
      if (reason === 'user') {
        // Ends the server session and clears the refresh cookie; the local session goes whatever it answers.
        ending.current = true;
        await auth.client.DELETE('/auth/logout').catch(() => undefined);
      }
      if (!store.get().token) return;
      store.clear();
      // An embed session stays signed out (no new partner token) until the person asks again.
      embed?.end();
      sessionEnded(reason);
    },
    [auth, store, sessionEnded, embed],
  );

  const forcedLogout = useCallback(() => {
    ending.current = true;
    if (callbacks.current.onForcedLogout) callbacks.current.onForcedLogout();
    else void logout('forced');
  }, [logout]);

  // Theme: controlled, or remembered under 'preferredTheme', defaulting to the system preference.
  const [ownTheme, setOwnTheme] = useState<Theme>(() => {
    const stored = prefixed.get('preferredTheme');
    return stored === 'light' || stored === 'dark' ? stored : systemTheme();
  });
  const theme = themeProp ?? ownTheme;
  const setTheme = useCallback(
    (next: Theme) => {
      prefixed.set('preferredTheme', next);
      setOwnTheme(next);
      callbacks.current.onThemeChange?.(next);
    },
    [prefixed],
  );

  const [ownLocale, setOwnLocale] = useState<Locale>(() => {
    const stored = prefixed.get('language');
    return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE;
  });
  const locale = localeProp ?? ownLocale;
  const setLocale = useCallback(
    (next: Locale) => {
      prefixed.set('language', next);
      setOwnLocale(next);
      callbacks.current.onLocaleChange?.(next);
    },
    [prefixed],
  );

  // Realtime: one socket per user and company, rebuilt when either changes, closed on logout.
  const [socket, setSocket] = useState<Socket | null>(null);
  const hasSession = Boolean(session.token && userId !== undefined);
  useEffect(() => {
    if (!realtime || !hasSession) return;
    ending.current = false;
    const token = store.get().token;
    const { url, path } = socketTarget(apiUrl);
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = (s: Socket) => {
      if (cancelled) {
        s.disconnect();
        return;
      }
      s.on('connect_error', (error: Error & { data?: { error?: string } }) => {
        const code = error?.data?.error ?? error?.message;
        if (!SOCKET_AUTH_ERRORS.has(code)) return;
        // The server refused the token: renew it and connect again (a refused socket does not retry by itself).
        void auth.refresh().then((fresh) => {
          if (!fresh) return;
          s.io.opts.query = { ...(s.io.opts.query as object), token: fresh };
          s.connect();
        });
      });
      s.on('disconnect', (reason: string) => {
        // The server closed this socket: the session was ended elsewhere (logout, password change, user
        // removed) or this token is too old. Renewing tells which: a refused refresh ends the session here
        // at once instead of at the next API call; a fresh token connects again.
        if (reason !== 'io server disconnect' || ending.current) return;
        void auth.refresh().then((fresh) => {
          if (!fresh || cancelled || ending.current) return;
          s.io.opts.query = { ...(s.io.opts.query as object), token: fresh };
          s.connect();
        });
      });
      const ping = setInterval(() => s.emit('userStatus'), USER_STATUS_PING_MS);
      setSocket(s);
      stop = () => {
        clearInterval(ping);
        s.removeAllListeners();
        s.disconnect();
        setSocket(null);
      };
    };
    const made = socketFactory(url, {
      path,
      transports: ['websocket'],
      query: { token: token ?? '' },
      reconnection: true,
      // An embed session has no cookie to send (and a partner's origin gets CORS without credentials).
      withCredentials: !embed,
    });
    if (made instanceof Promise) made.then(start, (err: unknown) => console.error('atende: realtime unavailable', err));
    else start(made);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [realtime, hasSession, userId, sessionCompanyId, apiUrl, socketFactory, store, auth, embed]);

  // A refreshed token serves the socket's next reconnection.
  useEffect(() => {
    if (socket && session.token) renewSocketToken(socket, session.token);
  }, [socket, session.token]);

  const publicSettings = useQuery(
    {
      queryKey: publicSettingsKey(companyId),
      enabled: readWhiteLabel,
      staleTime: 5 * 60_000,
      retry: false,
      queryFn: async () => {
        const { data } = await auth.client.GET('/public-settings/{companyId}', { params: { path: { companyId } } });
        return data ?? null;
      },
    },
    queryClient,
  );
  // The company's own settings, when something (the settings page) has read them: kept live by the `settings` events
  // and by every save, they override the public copy, so a white-label change applies at once, everywhere. Never
  // fetched from here.
  const ownSettings = useQuery(
    {
      queryKey: settingsListKey(),
      enabled: false,
      queryFn: async () => (await auth.client.GET('/settings')).data ?? [],
    },
    queryClient,
  );
  const ownBrand = readWhiteLabel && sessionCompanyId === companyId ? ownSettings.data : undefined;
  const whiteLabel = useMemo(
    () => toWhiteLabel(apiUrl, overlayWhiteLabel(publicSettings.data ?? undefined, ownBrand), !readWhiteLabel || !publicSettings.isPending),
    [apiUrl, publicSettings.data, publicSettings.isPending, readWhiteLabel, ownBrand],
  );

  const value = useMemo<AtendeContextValue>(
    () => ({
      apiUrl,
      client: auth.client,
      fetch: auth.fetch,
      embed,
      refresh: auth.refresh,
      store,
      logout,
      socket,
      companyId,
      theme,
      setTheme,
      locale,
      setLocale,
      whiteLabel,
    }),
    [apiUrl, auth, store, embed, logout, socket, companyId, theme, setTheme, locale, setLocale, whiteLabel],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <AtendeContext.Provider value={value}>
        <AtendeRoot
          theme={theme}
          locale={locale}
          className={className}
          style={style}
          primaryColor={readWhiteLabel ? { light: whiteLabel.primaryColorLight, dark: whiteLabel.primaryColorDark } : undefined}
          brand={
            readWhiteLabel
              ? { appName: whiteLabel.appName, logoLight: whiteLabel.logoLight, logoDark: whiteLabel.logoDark, favicon: whiteLabel.favicon }
              : undefined
          }
        >
          {/* A console sign-in does not end an embed session. */}
          {!embed && <ForcedLogout onForced={forcedLogout} />}
          <ToastProvider>{children}</ToastProvider>
        </AtendeRoot>
      </AtendeContext.Provider>
    </QueryClientProvider>
  );
}

/** The spec's forced logout: the account was opened elsewhere, and this is not an impersonation. */
function ForcedLogout({ onForced }: { onForced: () => void }) {
  const { store } = useAtende();
  useSocketEvent('auth', (payload) => {
    const { user, impersonated } = store.get();
    if (payload?.action === 'update' && user && payload.user?.id === user.id && !impersonated) onForced();
  });
  return null;
}
