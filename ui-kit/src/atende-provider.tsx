import { AtendeProviderBase, type AtendeProviderProps } from './provider/AtendeProvider';
import { RealtimeCache } from './data/realtime';
import { KIT_REALTIME } from './realtime-cache';
import { useOwnEmbedSession } from './provider/own-embed-session';

/**
 * The kit's data provider (see provider/AtendeProvider.tsx, AtendeProviderBase: the API client, the session, the
 * socket, one TanStack Query cache, the locale, the theme and the white-label brand) with the realtime cache of every
 * feature inside: the socket's events keep the cache live (useRealtimeCache).
 */
export function AtendeProvider({ children, getToken, embedSession, ...props }: AtendeProviderProps) {
  const own = useOwnEmbedSession(getToken, props.apiUrl, props.fetch);
  return (
    <AtendeProviderBase {...props} embedSession={embedSession ?? own}>
      <RealtimeCache modules={KIT_REALTIME} />
      {children}
    </AtendeProviderBase>
  );
}
