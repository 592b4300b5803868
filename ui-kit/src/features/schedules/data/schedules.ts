// The company's scheduled messages (GET/POST/PUT/DELETE /schedules, the image at /schedules/{id}/media-upload), kept
// live by the `schedule` channel: every user of the company sees and manages them all.
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { components, ServerChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { removeFromArray, replaceInArray, upsertInArray } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, readListFilters } from '../../../data/query-keys';
import { multipartBody, multipartForm } from '../../../data/multipart';

type Schemas = components['schemas'];
export type ScheduleDto = Schemas['ScheduleDto'];
export type ScheduleStatus = ScheduleDto['status'];
export type ScheduleEvent = ServerChannels['schedule'];
export type SaveScheduleBody = Schemas['CreateScheduleDto'];

/** The calendar's window (the spec's daysAgo 60): the last 60 days and everything later. */
export const SCHEDULE_DAYS_AGO = 60;
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 10_000;
/** The image a schedule may carry (png, jpg, jpeg); the API tells the type from the bytes. */
export const SCHEDULE_MEDIA_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
/** How many pages the calendar reads at most (100 schedules each). */
const MAX_PAGES = 50;

export type ScheduleFilters = { searchParam?: string; contactId?: number };

/** The API's order: sendAt, then id. */
export const bySendAt = (a: ScheduleDto, b: ScheduleDto): number => a.sendAt.localeCompare(b.sendAt) || a.id - b.id;

/**
 * GET /schedules: every schedule of the window (all pages read one after the other, as the calendar shows them
 * all), by sendAt. `searchParam` matches the text or the contact's name or number (lower-cased, as the spec's).
 */
export function useSchedules(filters: ScheduleFilters = {}, options: QueryOptions = {}): UseQueryResult<ScheduleDto[]> {
  const client = useApiClient();
  const query = { ...filters, searchParam: filters.searchParam?.trim().toLowerCase() || undefined };
  return useQuery({
    queryKey: atendeKeys.schedules.list(query),
    queryFn: async ({ signal }) => {
      const all: ScheduleDto[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const page = await unwrap(client.GET('/schedules', { params: { query: { ...query, daysAgo: SCHEDULE_DAYS_AGO, pageNumber } }, signal }));
        all.push(...page.schedules);
        if (!page.hasMore) break;
      }
      return all;
    },
    ...options,
  });
}

/** GET /schedules/{id}. */
export function useSchedule(id: number, options: QueryOptions = {}): UseQueryResult<ScheduleDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.schedules.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/schedules/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/**
 * A created or changed schedule into the cache: its detail (when fetched) and every list. A list filtered by a
 * search or a contact replaces its copy, and a new schedule (which may or may not match) marks it stale.
 */
export function writeSchedule(queryClient: QueryClient, schedule: ScheduleDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<ScheduleDto>(atendeKeys.schedules.detail(schedule.id), (old) => (old === undefined ? undefined : schedule));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.schedules.lists() })) {
    const filters = readListFilters(query.queryKey) as ScheduleFilters;
    const filtered = Boolean(filters.searchParam) || filters.contactId !== undefined;
    queryClient.setQueryData<ScheduleDto[]>(query.queryKey, (list) => (filtered ? replaceInArray(list, schedule) : upsertInArray(list, schedule, bySendAt)));
    // After the write: setting data would clear the stale mark again.
    if (filtered && kind === 'create') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** A deleted schedule out of every list; its detail query is reset. */
export function removeSchedule(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.schedules.detail(id), exact: true });
  queryClient.setQueriesData<ScheduleDto[]>({ queryKey: atendeKeys.schedules.lists() }, (list) => removeFromArray(list, id));
}

/** The `schedule` channel: create and update merge by id, delete removes. */
export function writeScheduleEvent(queryClient: QueryClient, event: ScheduleEvent): void {
  if (event.action === 'delete') removeSchedule(queryClient, event.scheduleId);
  else writeSchedule(queryClient, event.schedule, event.action);
}

/** POST /schedules. */
export function useCreateSchedule() {
  return useApiMutation((client, body: SaveScheduleBody) => client.POST('/schedules', { body }), {
    onSuccess: (schedule, _body, queryClient) => writeSchedule(queryClient, schedule, 'create'),
  });
}

/** PUT /schedules/{id}: only the fields sent change; one in ERRO goes back to PENDENTE. 409 ERR_SCHEDULE_ALREADY_SENT once sent. */
export function useUpdateSchedule() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: Schemas['UpdateScheduleDto'] }) => client.PUT('/schedules/{id}', { params: { path: { id } }, body }),
    { onSuccess: (schedule, _vars, queryClient) => writeSchedule(queryClient, schedule, 'update') },
  );
}

/** DELETE /schedules/{id} (its image goes with it). */
export function useDeleteSchedule() {
  return useApiMutation((client, id: number) => client.DELETE('/schedules/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeSchedule(queryClient, id),
  });
}

/** The multipart form of POST /schedules/{id}/media-upload: the image as `file`. */
export function scheduleMediaForm(file: File): FormData {
  return multipartForm({ file });
}

/** POST /schedules/{id}/media-upload: a PNG or JPEG (415 otherwise, 413 past 16 MB), replacing the previous image. */
export function useUploadScheduleMedia() {
  return useApiMutation(
    (client, { id, file }: { id: number; file: File }) =>
      client.POST('/schedules/{id}/media-upload', { params: { path: { id } }, body: multipartBody({ file }) }),
    { onSuccess: (schedule, _vars, queryClient) => writeSchedule(queryClient, schedule, 'update') },
  );
}

/** DELETE /schedules/{id}/media-upload. */
export function useDeleteScheduleMedia() {
  return useApiMutation((client, id: number) => client.DELETE('/schedules/{id}/media-upload', { params: { path: { id } } }), {
    onSuccess: (schedule, _id, queryClient) => writeSchedule(queryClient, schedule, 'update'),
  });
}
