import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { unwrap } from '../../provider/api-error';
import { useAtende } from '../../provider/context';

/** Loads a message's media bytes (GET /messages/media/{id} needs the session's Authorization header). */
export type MediaLoader = (mediaUrl: string) => Promise<Blob>;

/**
 * The history's media loader. Without one (stories, hosts with public media URLs) media URLs are used as they
 * are; the connected history provides one that fetches with the kit's API client.
 */
export const MediaLoaderContext = createContext<MediaLoader | null>(null);

const MEDIA_ROUTE = /\/messages\/media\/(\d+)$/;

/**
 * Provides a loader over the provider's API client (`parseAs: 'blob'`), caching each file's bytes in the query
 * cache so a row scrolled away and back does not download again.
 */
export function ApiMediaLoader({ children }: { children: ReactNode }) {
  const { client, fetch, apiUrl } = useAtende();
  const queryClient = useQueryClient();
  const load = useCallback<MediaLoader>(
    (mediaUrl) =>
      queryClient.fetchQuery({
        queryKey: ['atende', 'media', mediaUrl],
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        queryFn: async ({ signal }) => {
          const id = MEDIA_ROUTE.exec(mediaUrl)?.[1];
          if (id) return unwrap(client.GET('/messages/media/{id}', { params: { path: { id } }, parseAs: 'blob', signal }));
          // Any other URL the API answered: the session's fetch still adds the token.
          const response = await fetch(new Request(new URL(mediaUrl, apiUrl || window.location.href), { signal }));
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.blob();
        },
      }),
    [client, fetch, apiUrl, queryClient],
  );
  return <MediaLoaderContext.Provider value={load}>{children}</MediaLoaderContext.Provider>;
}

/** True once the element has come near the viewport (always true where IntersectionObserver is missing). */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, rootMargin]);
  return seen;
}

export type MediaState = { status: 'idle' | 'loading' | 'error'; url: null } | { status: 'ready'; url: string };

/**
 * A media file as a URL an element can show: an object URL of the loaded bytes (revoked when the element goes or
 * the file changes), or the URL itself without a loader. Nothing loads until `enabled`.
 */
export function useMediaUrl(mediaUrl: string | null | undefined, enabled: boolean): MediaState {
  const load = useContext(MediaLoaderContext);
  const [state, setState] = useState<{ for: string | null; value: MediaState }>({ for: null, value: { status: 'idle', url: null } });
  const direct = !load && mediaUrl ? mediaUrl : null;

  useEffect(() => {
    if (!load || !mediaUrl || !enabled) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    load(mediaUrl).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: mediaUrl, value: { status: 'ready', url: objectUrl } });
      },
      () => !cancelled && setState({ for: mediaUrl, value: { status: 'error', url: null } }),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load, mediaUrl, enabled]);

  return useMemo<MediaState>(() => {
    if (direct) return { status: 'ready', url: direct };
    if (state.for === mediaUrl) return state.value;
    return { status: load && mediaUrl && enabled ? 'loading' : 'idle', url: null };
  }, [direct, state, mediaUrl, load, enabled]);
}

/** Downloads a media file under its name (object URL through a temporary link, revoked after the click). */
export function useMediaDownload(): (mediaUrl: string, fileName: string) => Promise<void> {
  const load = useContext(MediaLoaderContext);
  return useCallback(
    async (mediaUrl, fileName) => {
      const href = load ? URL.createObjectURL(await load(mediaUrl)) : mediaUrl;
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      link.rel = 'noopener';
      // Inside a shadow root the link must still be in a document to be clicked in every browser.
      document.body.appendChild(link);
      link.click();
      link.remove();
      if (load) setTimeout(() => URL.revokeObjectURL(href), 1000);
    },
    [load],
  );
}
