import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { companyEvent, type AtendeClient, type ChatChannels, type ServerChannels, type TaskChannels, type TicketChannels } from '../client';
import { useAtende } from '../provider/context';
import type { TicketViewer } from './cache-updaters';
import { ticketViewer } from './cache-writes';
import { syncSessionCompany } from '../provider/session-company';
import type { SessionUser } from '../provider/session-store';
import { atendeKeys } from './query-keys';

/**
 * The realtime dispatcher: it listens to the provider's socket and hands each event to the handlers the features
 * registered for its channel. It knows no feature: each feature's `data/realtime.ts` says what its channels do to
 * its cache (a RealtimeModule), and whoever mounts the dispatcher says which modules it runs (the kit's
 * AtendeProvider: all of them, src/realtime-cache.ts; an embedded widget: those of its screens).
 */

export type RealtimeChannels = ServerChannels & TicketChannels & Pick<ChatChannels, 'chat'> & TaskChannels;

/** The socket channels that keep the query cache live. */
export const CACHE_CHANNELS = [
  'user',
  'queue',
  'queueOption',
  'whatsapp',
  'whatsappSession',
  'settings',
  'company',
  'invoice',
  'contact',
  'ticket',
  'appMessage',
  'file',
  'ContactList',
  'ContactListItem',
  'campaign',
  'schedule',
  'prompt',
  'queueIntegration',
  'chat',
  'task',
  'ticketMark',
  'holiday',
] as const;
export type CacheChannel = (typeof CACHE_CHANNELS)[number];
export type RealtimeCacheHandlers = { [C in CacheChannel]: (payload: RealtimeChannels[C]) => void };

/** What a handler works on besides its event: the provider's cache, who reads the ticket lists, the session's company. */
export interface RealtimeScope {
  queryClient: QueryClient;
  /** Who reads the ticket lists at the time of the event (null without a session: ticket lists then gain no ticket). */
  viewer: () => TicketViewer | null;
  /** The session's own company changed (due date, plan, status): the session follows (see syncSessionCompany). */
  onCompany?: (company: RealtimeChannels['company']['company']) => void;
}

/** A feature's share of the realtime cache: for each channel it cares about, what an event does to its cache. */
export type RealtimeModule = { readonly [C in CacheChannel]?: (payload: RealtimeChannels[C], scope: RealtimeScope) => void };

/** One handler per channel over `modules`: each module's handler for it, in the order given (none: the event changes nothing). */
export function dispatchTable(modules: readonly RealtimeModule[], scope: RealtimeScope): RealtimeCacheHandlers {
  const table = {} as Record<CacheChannel, (payload: unknown) => void>;
  for (const channel of CACHE_CHANNELS) {
    const handlers = modules.flatMap((module) => {
      const handler = module[channel] as ((payload: unknown, scope: RealtimeScope) => void) | undefined;
      return handler ? [handler] : [];
    });
    table[channel] = (payload) => handlers.forEach((handler) => handler(payload, scope));
  }
  return table;
}

/** GET /auth/me, kept in the cache too: what syncSessionCompany reads the whole session again with. */
function sessionReader(client: AtendeClient, queryClient: QueryClient): () => Promise<SessionUser | undefined> {
  return async () => {
    const { data } = await client.GET('/auth/me');
    if (data) queryClient.setQueryData(atendeKeys.me(), data);
    return data;
  };
}

/**
 * Keeps the nearest provider's query cache live with `modules`: listens to `company-{companyId}-{channel}` on its
 * socket and turns each event into cache updates (see ui-kit/README.md, "Data layer"). Everything comes from the
 * provider's context, so two providers on a page keep two independent caches. Running it twice with the same
 * modules changes nothing (each update is idempotent). `modules` must keep its identity (a module-level constant).
 */
export function useRealtimeDispatcher(modules: readonly RealtimeModule[] | null): void {
  const { socket, store, client } = useAtende();
  const queryClient = useQueryClient();
  const companyId = useSyncExternalStore(store.subscribe, () => store.get().user?.companyId);

  useEffect(() => {
    if (!socket || companyId === undefined || !modules) return;
    const viewer = () => {
      const user = store.get().user;
      return user ? ticketViewer(queryClient, user) : null;
    };
    const onCompany: RealtimeScope['onCompany'] = (company) => void syncSessionCompany(store, sessionReader(client, queryClient), company);
    const handlers = dispatchTable(modules, { queryClient, viewer, onCompany });
    const listeners = CACHE_CHANNELS.map((channel) => {
      const event = companyEvent(companyId, channel);
      const listener = (payload: unknown) => {
        try {
          (handlers[channel] as (payload: unknown) => void)(payload);
        } catch (err) {
          // A payload of another shape than the contract's must not break the socket's other listeners.
          console.error(`atende: ${event} not applied to the cache`, err);
        }
      };
      socket.on(event, listener);
      return () => void socket.off(event, listener);
    });
    // Catch-up: the server puts a socket in its rooms before it answers the handshake, so an event sent before a
    // (re)connect was heard by nobody here. Whatever the cache read before that moment, at page load or through an
    // outage, is read again: refetched where it is on screen, marked stale elsewhere. Events from then on are heard.
    const catchUp = () => void queryClient.invalidateQueries();
    socket.on('connect', catchUp);
    if (socket.connected) catchUp();
    return () => {
      socket.off('connect', catchUp);
      listeners.forEach((off) => off());
    };
  }, [socket, companyId, queryClient, store, client, modules]);
}

/** The dispatcher as an element, for a provider's children: `<RealtimeCache modules={...} />`. */
export function RealtimeCache({ modules }: { modules: readonly RealtimeModule[] }): null {
  useRealtimeDispatcher(modules);
  return null;
}

/** Realtime modules that load on demand (lazyRealtimeModules): calling it starts the load; `loaded` holds them once in. */
export interface RealtimeModulesLoader {
  (): Promise<readonly RealtimeModule[]>;
  loaded?: readonly RealtimeModule[];
}

/** `load` run once (again after a failure), for LazyRealtimeCache. Define it at module level. */
export function lazyRealtimeModules(load: () => Promise<readonly RealtimeModule[]>): RealtimeModulesLoader {
  let loading: Promise<readonly RealtimeModule[]> | undefined;
  const loader: RealtimeModulesLoader = () =>
    (loading ??= load().then(
      (modules) => (loader.loaded = modules),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return loader;
}

/**
 * The dispatcher over modules whose code loads once a user is signed in, when the socket's own code (socket.io-client)
 * starts loading too: their handlers serve the socket's events only, so a page shows its screens without them. Events
 * are heard from the moment they are in: if the socket connected first, the catch-up reads again what is on screen,
 * as on any connection.
 */
export function LazyRealtimeCache({ modules }: { modules: RealtimeModulesLoader }): null {
  const { store } = useAtende();
  const signedIn = useSyncExternalStore(store.subscribe, () => store.get().user?.companyId !== undefined);
  const [loaded, setLoaded] = useState(() => modules.loaded ?? null);
  useEffect(() => {
    if (loaded || !signedIn) return;
    let live = true;
    modules().then(
      (inModules) => live && setLoaded(inModules),
      (err: unknown) => console.error('atende: realtime unavailable', err),
    );
    return () => {
      live = false;
    };
  }, [loaded, signedIn, modules]);
  useRealtimeDispatcher(loaded);
  return null;
}
