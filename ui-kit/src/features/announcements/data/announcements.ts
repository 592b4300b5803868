// The platform's system announcements (GET/POST/PUT/DELETE /announcements, the image at /announcements/{id}/media-upload,
// served at /announcements/{id}/media). Changes arrive on the platform-wide `company-announcement` event (no company
// id, so not a CACHE_CHANNEL): useAnnouncementEvents applies it; the mutations write their answers the same way.
// Kept small: the top bar's bell (the console's initial chunk) imports it.
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components, PlatformChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useAtende } from '../../../provider/context';
import { removeFromPages } from '../../../data/cache-updaters';
import { writePaged } from '../../../data/cache-writes';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, readListFilters } from '../../../data/query-keys';
import { multipartBody } from '../../../data/multipart';

type Schemas = components['schemas'];
export type AnnouncementDto = Schemas['AnnouncementDto'];
type AnnouncementPage = Schemas['AnnouncementPageDto'];
export type AnnouncementFilters = { searchParam?: string; onlyActive?: boolean };
export type AnnouncementEvent = PlatformChannels['announcement'];
/** The event's name: platform-wide, without a company id. */
export const ANNOUNCEMENT_EVENT = 'company-announcement';

/** The API's order: newest first, then id. */
export const byNewestAnnouncement = (a: AnnouncementDto, b: AnnouncementDto): number => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

function flatten(data: InfiniteData<AnnouncementPage>): PagedList<AnnouncementDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.records).filter((a) => !seen.has(a.id) && Boolean(seen.add(a.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /announcements, 20 a page. Super users (announcements:manage) get every one unless `onlyActive`; everyone else
 * always gets the active ones (the bell).
 */
export function useAnnouncements(filters: AnnouncementFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<AnnouncementDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.announcements.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: AnnouncementPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/announcements', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flatten,
    ...options,
  });
}

/** An announcement's image as an object URL (GET /announcements/{id}/media needs the session's token), cached by its file. */
export function useAnnouncementImage(announcement: Pick<AnnouncementDto, 'id' | 'mediaPath'>, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...atendeKeys.announcements.detail(announcement.id), 'media', announcement.mediaPath],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await unwrap(client.GET('/announcements/{id}/media', { params: { path: { id: announcement.id } }, parseAs: 'blob', signal }))),
    enabled: enabled && Boolean(announcement.mediaPath),
    staleTime: Infinity,
  });
}

/** A created or changed announcement into every list; a list of active ones (`onlyActive`) drops an inactive one. */
export function writeAnnouncement(queryClient: QueryClient, record: AnnouncementDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<AnnouncementDto>(atendeKeys.announcements.detail(record.id), (old) => (old === undefined ? undefined : record));
  const activeOnly = (key: readonly unknown[]) => (readListFilters(key) as AnnouncementFilters).onlyActive === true;
  writePaged<AnnouncementPage, 'records'>(queryClient, atendeKeys.announcements.lists(), 'records', record, byNewestAnnouncement, kind, (key) =>
    record.status ? false : activeOnly(key),
  );
  if (!record.status) {
    queryClient.setQueriesData<InfiniteData<AnnouncementPage>>(
      { queryKey: atendeKeys.announcements.lists(), predicate: (q) => activeOnly(q.queryKey) },
      (data) => removeFromPages(data, 'records', record.id),
    );
  }
}

/** A deleted (or, for non-super users, deactivated) announcement out of every list. */
export function removeAnnouncement(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.announcements.detail(id), exact: true });
  queryClient.setQueriesData<InfiniteData<AnnouncementPage>>({ queryKey: atendeKeys.announcements.lists() }, (data) => removeFromPages(data, 'records', id));
}

export function writeAnnouncementEvent(queryClient: QueryClient, event: AnnouncementEvent): void {
  if (event.action === 'delete') removeAnnouncement(queryClient, event.id);
  else writeAnnouncement(queryClient, event.record, event.action);
}

/** Keeps the announcement lists live from `company-announcement` while mounted (the bell and the page mount it). */
export function useAnnouncementEvents(): void {
  const { socket } = useAtende();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const listener = (event: AnnouncementEvent) => writeAnnouncementEvent(queryClient, event);
    socket.on(ANNOUNCEMENT_EVENT, listener);
    return () => void socket.off(ANNOUNCEMENT_EVENT, listener);
  }, [socket, queryClient]);
}

/** POST /announcements (super users). Priority 3 and active unless sent. */
export function useCreateAnnouncement() {
  return useApiMutation((client, body: Schemas['CreateAnnouncementDto']) => client.POST('/announcements', { body }), {
    onSuccess: (record, _body, queryClient) => writeAnnouncement(queryClient, record, 'create'),
  });
}

/** PUT /announcements/{id}: only the fields sent change. */
export function useUpdateAnnouncement() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: Schemas['UpdateAnnouncementDto'] }) => client.PUT('/announcements/{id}', { params: { path: { id } }, body }),
    { onSuccess: (record, _vars, queryClient) => writeAnnouncement(queryClient, record, 'update') },
  );
}

/** DELETE /announcements/{id} (its image goes with it). */
export function useDeleteAnnouncement() {
  return useApiMutation((client, id: number) => client.DELETE('/announcements/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeAnnouncement(queryClient, id),
  });
}

/** POST /announcements/{id}/media-upload: a PNG or JPEG (415 otherwise, 413 past 10 MB), replacing the previous image. */
export function useUploadAnnouncementMedia() {
  return useApiMutation(
    (client, { id, file }: { id: number; file: File }) => {
      return client.POST('/announcements/{id}/media-upload', { params: { path: { id } }, body: multipartBody({ file }) });
    },
    { onSuccess: (record, _vars, queryClient) => writeAnnouncement(queryClient, record, 'update') },
  );
}

/** DELETE /announcements/{id}/media-upload. */
export function useDeleteAnnouncementMedia() {
  return useApiMutation((client, id: number) => client.DELETE('/announcements/{id}/media-upload', { params: { path: { id } } }), {
    onSuccess: (record, _id, queryClient) => writeAnnouncement(queryClient, record, 'update'),
  });
}
