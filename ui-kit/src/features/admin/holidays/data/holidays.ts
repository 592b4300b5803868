// The company's holidays (GET/POST/PUT/DELETE /holidays, the image at /holidays/{id}/media-upload). The mutations write
// their answers into the cache; the API's `company-{id}-holiday` event (its message sent: ENVIADA with sentAt, or ERRO)
// reaches the cache through the realtime cache's writer below.
import { writePaged } from '../../../../data/cache-writes';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components, ServerChannels } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { removeFromPages } from '../../../../data/cache-updaters';
import { useApiMutation } from '../../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../../data/query-keys';
import { multipartBody, multipartForm } from '../../../../data/multipart';

type Schemas = components['schemas'];
export type HolidayDto = Schemas['HolidayDto'];
type HolidayPage = Schemas['HolidayPageDto'];

/** The API's order: the day (`YYYY-MM-DD` sorts as text), then id. */
export const byHolidayDate = (a: HolidayDto, b: HolidayDto): number => a.dateHoliday.localeCompare(b.dateHoliday) || a.id - b.id;

function flattenHolidays(data: InfiniteData<HolidayPage>): PagedList<HolidayDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.holidays).filter((h) => !seen.has(h.id) && Boolean(seen.add(h.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /holidays: the company's holidays by date, 20 a page (`fetchNextPage()` loads more); `searchParam` matches the
 * name or the message. Needs holidays:manage.
 */
export function useHolidays(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<HolidayDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.holidays.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: HolidayPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/holidays', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenHolidays,
    ...options,
  });
}

/** GET /holidays/{id}. */
export function useHoliday(id: number, options: QueryOptions = {}): UseQueryResult<HolidayDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.holidays.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/holidays/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/**
 * A created or changed holiday into the cache: its detail (when fetched) and every list. An unsearched list holds
 * every holiday by date, so it takes its sorted place; a searched list replaces its copy, and a new holiday (which
 * the search may or may not match) marks it stale.
 */
export function writeHoliday(queryClient: QueryClient, holiday: HolidayDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<HolidayDto>(atendeKeys.holidays.detail(holiday.id), (old) => (old === undefined ? undefined : holiday));
  writePaged<HolidayPage, 'holidays'>(queryClient, atendeKeys.holidays.lists(), 'holidays', holiday, byHolidayDate, kind);
}

/** The realtime cache's writer for `company-{id}-holiday`: the holiday's new state in its detail and every list. */
export function writeHolidayEvent(queryClient: QueryClient, event: ServerChannels['holiday']): void {
  writeHoliday(queryClient, event.holiday, event.action);
}

/** A deleted holiday out of every list; its detail query is reset. */
export function removeHoliday(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.holidays.detail(id), exact: true });
  queryClient.setQueriesData<InfiniteData<HolidayPage>>({ queryKey: atendeKeys.holidays.lists() }, (data) => removeFromPages(data, 'holidays', id));
}

type Update<Body> = { id: number; body: Body };

/** POST /holidays. `dateHoliday` as `YYYY-MM-DD`. */
export function useCreateHoliday() {
  return useApiMutation((client, body: Schemas['CreateHolidayDto']) => client.POST('/holidays', { body }), {
    onSuccess: (holiday, _body, queryClient) => writeHoliday(queryClient, holiday, 'create'),
  });
}

/** PUT /holidays/{id}: only the fields sent change; one in ERRO goes back to PENDENTE. 409 ERR_HOLIDAY_ALREADY_SENT once sent. */
export function useUpdateHoliday() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateHolidayDto']>) => client.PUT('/holidays/{id}', { params: { path: { id } }, body }), {
    onSuccess: (holiday, _vars, queryClient) => writeHoliday(queryClient, holiday, 'update'),
  });
}

/** DELETE /holidays/{id} (its image goes with it); allowed for a sent one too. */
export function useDeleteHoliday() {
  return useApiMutation((client, id: number) => client.DELETE('/holidays/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeHoliday(queryClient, id),
  });
}

/** The multipart form of POST /holidays/{id}/media-upload: the image as `file`. */
export function holidayMediaForm(file: File): FormData {
  return multipartForm({ file });
}

/**
 * POST /holidays/{id}/media-upload: a PNG or JPEG (told by the API from its bytes; 415 otherwise, 413 past 16 MB),
 * replacing the previous image. Answers the holiday with its new `mediaName`.
 */
export function useUploadHolidayMedia() {
  return useApiMutation(
    (client, { id, file }: { id: number; file: File }) =>
      client.POST('/holidays/{id}/media-upload', { params: { path: { id } }, body: multipartBody({ file }) }),
    { onSuccess: (holiday, _vars, queryClient) => writeHoliday(queryClient, holiday, 'update') },
  );
}

/** DELETE /holidays/{id}/media-upload: the image is removed (and its file). */
export function useDeleteHolidayMedia() {
  return useApiMutation((client, id: number) => client.DELETE('/holidays/{id}/media-upload', { params: { path: { id } } }), {
    onSuccess: (holiday, _id, queryClient) => writeHoliday(queryClient, holiday, 'update'),
  });
}
