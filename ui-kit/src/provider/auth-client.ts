import type { Middleware } from 'openapi-fetch';
import { createAtendeClient, type AtendeClient, type Schema } from '../client';
import type { SessionStore } from './session-store';

export type LogoutReason = 'user' | 'expired' | 'forced';

export interface AuthClientOptions {
  apiUrl: string;
  store: SessionStore;
  /** Called once the session is gone (401, failed refresh); the provider closes the socket and tells the host. */
  onSessionEnd: (reason: LogoutReason) => void;
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Refresh-cookie slot sent as `X-Atende-Session` on every call, so several sessions on one page
   * (widgets of different users) each keep their own refresh cookie. Omitted: the API's default cookie.
   */
  sessionSlot?: string;
  /**
   * An embed session (provider/embed-session.ts): renews the token in place of the refresh cookie, which is then
   * never asked for, and a 401 renews and retries the call once instead of ending the session at once. Its calls
   * carry no cookie and no session slot (`credentials: 'omit'`): the API answers a partner's origin with CORS
   * without credentials.
   */
  renew?: (usedToken: string | null) => Promise<string | null>;
}

/** The header that names this client's refresh-cookie slot (see the API's POST /auth/login). */
export const SESSION_SLOT_HEADER = 'X-Atende-Session';

/**
 * A slot the API accepts (1-40 of A-Z a-z 0-9 _ -) for a storage prefix: readable when the prefix
 * already fits, else its legal characters plus a hash of the whole prefix, so distinct prefixes never
 * share a slot. '' (the console's prefix) has no slot.
 */
export function sessionSlotFor(prefix: string): string | undefined {
  if (!prefix) return undefined;
  if (/^[A-Za-z0-9_-]{1,40}$/.test(prefix)) return prefix;
  let hash = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) hash = Math.imul(hash ^ prefix.charCodeAt(i), 0x01000193) >>> 0;
  const legal = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 31);
  return `${legal}-${hash.toString(16).padStart(8, '0')}`;
}

export interface AuthClient {
  client: AtendeClient;
  /** POST /auth/refresh_token once, however many callers wait: the new token, or null. */
  refresh: () => Promise<string | null>;
  /** A fetch that sends the session's token and cookie, for what the typed client does not cover. */
  fetch: (request: Request) => Promise<Response>;
}

/** Calls that must never trigger a refresh or a logout: they are how a session starts or renews. */
const SESSION_PATHS = /\/auth\/(login|refresh_token|signup|forgot|reset)/;

const bearer = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

/**
 * The typed client of one provider, with the session rules of the spec:
 * every call carries `Authorization: Bearer <token>` and the refresh cookie (credentials
 * 'include'); a 403 whose code is ERR_TOKEN_EXPIRED (or that has no code) refreshes the token
 * once, shared by concurrent callers, and retries the call once; a 401 on an authenticated call
 * ends the session. A 403 with another code (ERR_NO_PERMISSION, plan limits) is a real answer.
 */
export function createAuthClient({ apiUrl, store, onSessionEnd, fetch: fetchImpl, sessionSlot, renew }: AuthClientOptions): AuthClient {
  const rawFetch = fetchImpl ?? ((request: Request) => globalThis.fetch(request));
  const credentials: RequestCredentials = renew ? 'omit' : 'include';
  const baseFetch =
    sessionSlot && !renew
      ? (request: Request) => {
          request.headers.set(SESSION_SLOT_HEADER, sessionSlot);
          return rawFetch(request);
        }
      : rawFetch;
  const baseUrl = apiUrl.replace(/\/+$/, '');
  const retryCopies = new Map<string, Request>();
  let inflight: Promise<string | null> | null = null;

  function endSession(reason: LogoutReason) {
    if (!store.get().token) return;
    store.clear();
    onSessionEnd(reason);
  }

  async function doRefresh(): Promise<string | null> {
    try {
      const response = await baseFetch(new Request(`${baseUrl}/auth/refresh_token`, { method: 'POST', credentials: 'include' }));
      if (response.ok) {
        const session = (await response.json()) as Schema<'SessionDto'>;
        store.set({ token: session.token, user: session.user, impersonated: store.get().impersonated });
        return session.token;
      }
      if (response.status === 401 || response.status === 403) endSession('expired');
    } catch {
      // Network failure: keep the session, the caller gets its original answer.
    }
    return null;
  }

  function refresh(): Promise<string | null> {
    if (renew) return renew(store.get().token);
    inflight ??= doRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function send(request: Request, retryCopy: Request | undefined): Promise<Response> {
    const response = await baseFetch(request);
    return handle(request, response, retryCopy);
  }

  async function handle(request: Request, response: Response, retryCopy: Request | undefined): Promise<Response> {
    const usedToken = bearer(request);
    if (!usedToken || SESSION_PATHS.test(new URL(request.url, 'http://x').pathname)) return response;

    if (response.status === 401 && renew) {
      // The embed session ended (expired, key revoked): a new partner token, and this call once more. When no
      // session can be had, the embed session's status says so and the widgets show it.
      const fresh = retryCopy ? await renew(usedToken) : null;
      if (!fresh || !retryCopy) return response;
      retryCopy.headers.set('Authorization', `Bearer ${fresh}`);
      return baseFetch(retryCopy);
    }
    if (response.status === 401) {
      // A late answer to a call made with an older token must not end a newer session.
      if (store.get().token === usedToken) endSession('expired');
      return response;
    }
    if (response.status === 403 && retryCopy) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { error?: unknown } | null;
      const code = typeof body?.error === 'string' ? body.error : undefined;
      if (code && code !== 'ERR_TOKEN_EXPIRED') return response;
      // Another caller may have refreshed already while this call was in flight.
      const current = store.get().token;
      const token = current && current !== usedToken ? current : await refresh();
      if (!token) return response;
      retryCopy.headers.set('Authorization', `Bearer ${token}`);
      return baseFetch(retryCopy);
    }
    return response;
  }

  const session: Middleware = {
    onRequest({ request, id }) {
      const { token } = store.get();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // The body can be read once: keep a copy for the single retry after a refresh.
      if (token) retryCopies.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, id }) {
      const copy = retryCopies.get(id);
      retryCopies.delete(id);
      return handle(request, response, copy);
    },
    onError({ id }) {
      retryCopies.delete(id);
    },
  };

  const client = createAtendeClient({ baseUrl, credentials, fetch: baseFetch });
  client.use(session);

  async function authedFetch(request: Request): Promise<Response> {
    const { token } = store.get();
    const authed = new Request(request, { credentials });
    if (token) authed.headers.set('Authorization', `Bearer ${token}`);
    return send(authed, token ? authed.clone() : undefined);
  }

  return { client, refresh, fetch: authedFetch };
}
