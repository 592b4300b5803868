import { AtendeProviderBase, type AtendeProviderProps } from './provider/AtendeProvider';
import { LazyRealtimeCache, lazyRealtimeModules } from './data/realtime';
import { useOwnEmbedSession } from './provider/own-embed-session';

/** Every feature's realtime handlers (src/realtime-cache.ts), loaded once a user is signed in (see LazyRealtimeCache). */
export const kitRealtime = lazyRealtimeModules(() => import('./realtime-cache').then((m) => m.KIT_REALTIME));

/**
 * The kit's data provider (see provider/AtendeProvider.tsx, AtendeProviderBase: the API client, the session, the
 * socket, one TanStack Query cache, the locale, the theme and the white-label brand) with the realtime cache of every
 * feature inside: the socket's events keep the cache live (useRealtimeCache; the handlers' code loads with the socket's).
 */
export function AtendeProvider({ children, getToken, embedSession, ...props }: AtendeProviderProps) {
  const own = useOwnEmbedSession(getToken, props.apiUrl, props.fetch);
  return (
    <AtendeProviderBase {...props} embedSession={embedSession ?? own}>
      <LazyRealtimeCache modules={kitRealtime} />
      {children}
    </AtendeProviderBase>
  );
}
