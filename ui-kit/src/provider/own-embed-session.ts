/**
 * The embed session of a provider given `getToken` (the public AtendeProvider). The exchange's code
 * (./embed-session.ts) loads only when a host passes `getToken`, so a host that signs in with passwords (the console)
 * carries none of it in its first load; until it arrives the session reads as connecting.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { EmbedSession, EmbedSessionOptions, EmbedSessionState, GetToken } from './embed-session';

const CONNECTING: EmbedSessionState = { status: 'connecting', token: null, user: null };

/** An EmbedSession that forwards to the real one once its module has loaded (started at once). */
export function deferredEmbedSession(options: EmbedSessionOptions): EmbedSession {
  let real: EmbedSession | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const loading = import('./embed-session').then(({ createEmbedSession }) => {
    real = createEmbedSession(options);
    real.subscribe(notify);
    notify();
    return real;
  });
  return {
    get: () => real?.get() ?? CONNECTING,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach() {
      let detach: (() => void) | null = null;
      let gone = false;
      void loading.then((session) => {
        if (!gone) detach = session.attach();
      });
      return () => {
        gone = true;
        detach?.();
      };
    },
    renew: (usedToken) => loading.then((session) => session.renew(usedToken)),
    retry: () => void loading.then((session) => session.retry()),
    end: () => void loading.then((session) => session.end()),
  };
}

/**
 * Made once per API and fetch, calling the latest callback, so a new function identity at each render does not start
 * a new session.
 */
export function useOwnEmbedSession(getToken: GetToken | undefined, apiUrl: string, fetch?: (request: Request) => Promise<Response>): EmbedSession | undefined {
  const latest = useRef(getToken);
  useEffect(() => {
    latest.current = getToken;
  });
  const wanted = Boolean(getToken);
  return useMemo(
    // The callback reads the ref when the session asks for a token, never during render.
    // eslint-disable-next-line react-hooks/refs
    () => (wanted ? deferredEmbedSession({ apiUrl, fetch, getToken: () => latest.current!() }) : undefined),
    [wanted, apiUrl, fetch],
  );
}
