/**
 * A partner-minted session (the provider's `getToken`): the host page's callback fetches a short-lived partner token
 * from the partner's own server, and this module exchanges it (POST /auth/embed/session) for an access token kept
 * in memory only. No refresh cookie is ever asked for, so it works cross-site with the browser's default cookie
 * rules. When the session ends (a 401, the socket closed by the server, or shortly before `expiresAt`) it asks
 * `getToken()` again; when that fails the status turns to 'error' and the widgets offer a retry.
 */
import type { SessionUser } from './session-store';

/** The partner's callback: a fresh partner token (a JWT its server signed with the embed key's secret). */
export type GetToken = () => Promise<string>;

export type EmbedSessionStatus = 'connecting' | 'ready' | 'error' | 'signed-out';

/**
 * Why there is no session: 'token' (getToken() failed), 'refused' (the API refused the token: `code` says why,
 * e.g. ERR_EMBED_ORIGIN_FORBIDDEN), 'network' (the API could not be reached).
 */
export interface EmbedSessionError {
  kind: 'token' | 'refused' | 'network';
  code?: string;
}

export interface EmbedSessionState {
  status: EmbedSessionStatus;
  error?: EmbedSessionError;
  token: string | null;
  user: SessionUser | null;
}

export interface EmbedSession {
  get: () => EmbedSessionState;
  subscribe: (listener: () => void) => () => void;
  /** A provider uses the session: starts it when there is none yet; the returned function lets go. */
  attach: () => () => void;
  /**
   * A new token after `usedToken` stopped working: the current one when another caller renewed already, else
   * getToken() and one exchange, shared by every concurrent caller. Null when the session could not be renewed.
   */
  renew: (usedToken?: string | null) => Promise<string | null>;
  /** The 'error' or 'signed-out' state's button: starts again. */
  retry: () => void;
  /** Logout: forgets the session here (the provider has told the API) and stays signed out until retry(). */
  end: () => void;
}

/** What POST /auth/embed/session answers: an access token of kind embed, its end, and the login's user. */
export interface EmbedSessionAnswer {
  token: string;
  expiresAt: string;
  user: SessionUser;
}

export interface EmbedSessionOptions {
  apiUrl: string;
  getToken: GetToken;
  fetch?: (request: Request) => Promise<Response>;
}

/** Renew this long before the session's end (a fifth of its life when that is shorter, as in tests). */
const RENEW_AHEAD_MS = 60_000;
/** A renewal ahead of the end that failed on the way (network, getToken) tries again this much later, while the session lasts. */
const RETRY_AHEAD_MS = 5_000;

class ExchangeError extends Error {
  constructor(readonly detail: EmbedSessionError) {
    super(detail.code ?? detail.kind);
  }
}

/** getToken() then POST /auth/embed/session: the answer, or an ExchangeError that says which step failed. */
async function exchange({ apiUrl, getToken, fetch: fetchImpl }: EmbedSessionOptions): Promise<EmbedSessionAnswer> {
  let partnerToken: string;
  try {
    partnerToken = await getToken();
  } catch {
    throw new ExchangeError({ kind: 'token' });
  }
  if (typeof partnerToken !== 'string' || !partnerToken.trim()) throw new ExchangeError({ kind: 'token' });
  const send = fetchImpl ?? ((request: Request) => globalThis.fetch(request));
  let response: Response;
  try {
    response = await send(
      new Request(`${apiUrl.replace(/\/+$/, '')}/auth/embed/session`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: partnerToken.trim() }),
      }),
    );
  } catch {
    throw new ExchangeError({ kind: 'network' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ExchangeError({ kind: response.status >= 500 ? 'network' : 'refused', code: typeof body?.error === 'string' ? body.error : undefined });
  }
  return (await response.json()) as EmbedSessionAnswer;
}

/**
 * One embed session: its state (a tiny external store), the single exchange in flight and the renewal timer. The
 * embed runtime makes one per shared session, so the mounts that share it make one exchange; a provider with its
 * own `getToken` makes its own.
 */
export function createEmbedSession(options: EmbedSessionOptions): EmbedSession {
  let state: EmbedSessionState = { status: 'connecting', token: null, user: null };
  const listeners = new Set<() => void>();
  let inflight: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expiresAt = '';
  let attached = 0;
  // Bumped by end(): an exchange that answers after a logout must not sign the session in again.
  let generation = 0;

  const emit = (next: EmbedSessionState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  function schedule() {
    clearTimeout(timer);
    const life = Date.parse(expiresAt) - Date.now();
    // A clock so far off that the session looks over already: renew on the first refusal instead of in a loop.
    if (!attached || !Number.isFinite(life) || life <= 0) return;
    timer = setTimeout(() => void renew(state.token, true), life - Math.min(RENEW_AHEAD_MS, life / 5));
  }

  /** `ahead`: the timer's renewal, while the session still stands; a failure on the way then keeps it and tries again. */
  function renew(usedToken?: string | null, ahead = false): Promise<string | null> {
    if (state.token && usedToken !== undefined && state.token !== usedToken) return Promise.resolve(state.token);
    if (inflight) return inflight;
    const mine = generation;
    if (!state.token) emit({ status: 'connecting', token: null, user: null });
    const pending: Promise<string | null> = exchange(options)
      .then(
        (answer) => {
          if (mine !== generation) return null;
          emit({ status: 'ready', token: answer.token, user: answer.user });
          expiresAt = answer.expiresAt;
          schedule();
          return answer.token;
        },
        (error: unknown) => {
          if (mine !== generation) return null;
          clearTimeout(timer);
          const detail = error instanceof ExchangeError ? error.detail : undefined;
          const left = Date.parse(expiresAt) - Date.now();
          if (ahead && state.token && detail?.kind !== 'refused' && left > RETRY_AHEAD_MS) {
            timer = setTimeout(() => void renew(state.token, true), RETRY_AHEAD_MS);
            return null;
          }
          emit({ status: 'error', error: error instanceof ExchangeError ? error.detail : { kind: 'network' }, token: null, user: null });
          return null;
        },
      )
      .finally(() => {
        // After end() and a retry, a newer exchange may be the one in flight.
        if (inflight === pending) inflight = null;
      });
    inflight = pending;
    return pending;
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach() {
      attached += 1;
      if (state.status === 'connecting' && !inflight) void renew();
      else if (attached === 1 && state.status === 'ready') schedule();
      return () => {
        attached -= 1;
        if (!attached) clearTimeout(timer);
      };
    },
    renew,
    retry() {
      if (state.status === 'error' || state.status === 'signed-out') void renew();
    },
    end() {
      generation += 1;
      inflight = null;
      clearTimeout(timer);
      emit({ status: 'signed-out', token: null, user: null });
    },
  };
}
