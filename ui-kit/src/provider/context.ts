import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { AtendeClient, ServerChannels, TicketChannels } from '../client';
import type { Locale } from '../i18n/translate';
import type { Theme } from '../theme/AtendeRoot';
import { ApiRequestError } from './api-error';
import type { LogoutReason } from './auth-client';
import type { EmbedSession, EmbedSessionState } from './embed-session';
import type { SessionInput, SessionState, SessionStore, SessionUser } from './session-store';
import type { WhiteLabel } from './white-label';

export interface AtendeContextValue {
  apiUrl: string;
  client: AtendeClient;
  /** A fetch with the session's token, cookie, refresh and logout rules (uploads, downloads). */
  fetch: (request: Request) => Promise<Response>;
  store: SessionStore;
  /** The partner-minted session when the provider has `getToken`, else null (sign-in by password). */
  embed: EmbedSession | null;
  refresh: () => Promise<string | null>;
  logout: (reason?: LogoutReason) => Promise<void>;
  socket: Socket | null;
  companyId: number;
  theme: Theme;
  setTheme: (theme: Theme) => void;
  locale: Locale;
  setLocale: (locale: Locale) => void;
  whiteLabel: WhiteLabel;
}

export const AtendeContext = createContext<AtendeContextValue | null>(null);

/** Everything the nearest AtendeProvider holds; throws outside one. */
export function useAtende(): AtendeContextValue {
  const value = useContext(AtendeContext);
  if (!value) throw new Error('This component needs an <AtendeProvider> above it.');
  return value;
}

/** The typed API client of the nearest provider (token, refresh and logout handled). */
export function useApiClient(): AtendeClient {
  return useAtende().client;
}

/** 'pending' and 'error' only with `getToken`: the partner token is being exchanged, or could not be. */
export type SessionStatus = 'authenticated' | 'anonymous' | 'pending' | 'error';

export interface UseSession extends SessionState {
  status: SessionStatus;
  /** POST /auth/login; keeps the session and answers the user, or throws an ApiRequestError. */
  login: (email: string, password: string) => Promise<SessionUser>;
  /** DELETE /auth/logout (best effort), then forgets the session and calls onLogout('user'). */
  logout: () => Promise<void>;
  /** Replaces the session, e.g. with the answer of an impersonation; null forgets it. */
  setSession: (session: SessionInput | null) => void;
}

const noSubscription = () => () => {};

/** With `getToken`: the partner-minted session's state and a way to start it again; null with password sign-in. */
export function useEmbedSession(): (EmbedSessionState & { retry: () => void }) | null {
  const { embed } = useAtende();
  const read = () => embed?.get() ?? null;
  const state = useSyncExternalStore(embed?.subscribe ?? noSubscription, read, read);
  return embed && state ? { ...state, retry: embed.retry } : null;
}

function statusOf(state: SessionState, embed: EmbedSessionState | null): SessionStatus {
  if (state.token && state.user) return 'authenticated';
  if (embed?.status === 'connecting' || embed?.status === 'ready') return 'pending';
  return embed?.status === 'error' ? 'error' : 'anonymous';
}

export function useSession(): UseSession {
  const { client, store, logout } = useAtende();
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const embed = useEmbedSession();
  return {
    ...state,
    status: statusOf(state, embed),
    login: async (email, password) => {
      const { data, error, response } = await client.POST('/auth/login', { body: { email, password } });
      if (!data) throw new ApiRequestError(response.status, error);
      store.set({ token: data.token, user: data.user });
      return data.user;
    },
    logout: () => logout('user'),
    setSession: (session) => store.set(session),
  };
}

/** The socket.io connection of the nearest provider: null while logged out or before it is built. */
export function useSocket(): Socket | null {
  return useAtende().socket;
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const { theme, setTheme } = useAtende();
  return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}

export function useLocaleSetting(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const { locale, setLocale } = useAtende();
  return { locale, setLocale };
}

/** The company's app name, colours and logo URLs (defaults until read, and when the read fails). */
export function useWhiteLabel(): WhiteLabel {
  return useAtende().whiteLabel;
}

/**
 * Listens to `company-{companyId}-{channel}` on the provider's socket while mounted. The handler
 * may change on every render; it is not resubscribed for that.
 */
/** Every typed channel of the socket contract and its payload. */
export type SocketChannels = ServerChannels & TicketChannels;

export function useSocketEvent<C extends keyof SocketChannels>(channel: C, handler: (payload: SocketChannels[C]) => void): void;
export function useSocketEvent<P = unknown>(channel: string, handler: (payload: P) => void): void;
export function useSocketEvent(channel: string, handler: (payload: unknown) => void): void {
  const context = useAtende();
  const { socket } = context;
  const companyId = useSyncExternalStore(context.store.subscribe, () => context.store.get().user?.companyId);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket || companyId === undefined) return;
    const event = `company-${companyId}-${channel}`;
    const listener = (payload: unknown) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, companyId, channel]);
}
