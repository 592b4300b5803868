// Campaigns (GET/POST/PUT/DELETE /campaigns, the report at GET /campaigns/{id}, cancel and restart, the attachment at
// /campaigns/{id}/media-upload). The API announces every change on `company-{id}-campaign` (to users who manage
// campaigns): saved records, deletions, and while one sends its report about once a second. The realtime cache and
// the mutations write the same answers into the cache, so both paths land on the same state.
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components, ServerChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { moveToTopOfPages, removeFromPages, replaceInPages } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, readListFilters, type SearchFilters } from '../../../data/query-keys';
import { multipartBody, multipartForm } from '../../../data/multipart';

type Schemas = components['schemas'];
export type CampaignDto = Schemas['CampaignDto'];
export type CampaignReportDto = Schemas['CampaignReportDto'];
export type CampaignStatus = Schemas['CampaignStatus'];
export type CampaignEditable = Schemas['CampaignEditable'];
export type CreateCampaignBody = Schemas['CreateCampaignDto'];
export type SaveCampaignBody = Schemas['SaveCampaignDto'];
type CampaignPage = Schemas['CampaignPageDto'];
/** An event of the `campaign` channel. */
export type CampaignEvent = ServerChannels['campaign'];

/** The statuses in the order a campaign goes through them (spec back-office §4). */
export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'];

function flattenCampaigns(data: InfiniteData<CampaignPage>): PagedList<CampaignDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.records).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /campaigns: the company's campaigns, newest first, 20 a page (`fetchNextPage()` loads more); `searchParam`
 * matches the name. Needs campaigns:manage and the plan's useCampaigns. Kept live by the `campaign` events.
 */
export function useCampaigns(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<CampaignDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.campaigns.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: CampaignPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/campaigns', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenCampaigns,
    ...options,
  });
}

/**
 * GET /campaigns/{id}: the campaign with its report (valids, confirmationRequested, confirmed, delivered and the
 * progress counts). Kept live by the `report` events while it sends.
 */
export function useCampaignReport(id: number, options: QueryOptions = {}): UseQueryResult<CampaignReportDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.campaigns.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/campaigns/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/** delivered over valids, in percent to a tenth (100 only once everyone valid got it); 0 while nobody is valid. */
export function deliveredPercent(report: Pick<CampaignReportDto, 'delivered' | 'valids'>): number {
  if (!report.valids) return 0;
  if (report.delivered >= report.valids) return 100;
  return Math.min(99.9, Math.round((report.delivered / report.valids) * 1000) / 10);
}

/**
 * A created or changed campaign into the cache: its report (when fetched) and every list. An unsearched list is
 * newest first, so a new campaign goes on top and a changed one is replaced where it is; a searched list replaces
 * its copy, and a new campaign (which the search may or may not match) marks it stale.
 */
export function writeCampaign(queryClient: QueryClient, campaign: CampaignDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<CampaignReportDto>(atendeKeys.campaigns.detail(campaign.id), (old) => (old === undefined ? undefined : { ...old, campaign }));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.campaigns.lists() })) {
    const searched = Boolean(readListFilters(query.queryKey).searchParam?.trim());
    // Writing data clears a stale mark, so a searched list that goes stale is left as it is until it reads again.
    if (searched && kind === 'create') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else
      queryClient.setQueryData<InfiniteData<CampaignPage>>(query.queryKey, (data) =>
        searched || kind === 'update' ? replaceInPages(data, 'records', campaign) : moveToTopOfPages(data, 'records', campaign),
      );
  }
}

/** A report event: the report query takes it whole (when fetched), the lists take its campaign. */
export function writeCampaignReport(queryClient: QueryClient, report: CampaignReportDto): void {
  queryClient.setQueryData<CampaignReportDto>(atendeKeys.campaigns.detail(report.campaign.id), (old) => (old === undefined ? undefined : report));
  queryClient.setQueriesData<InfiniteData<CampaignPage>>({ queryKey: atendeKeys.campaigns.lists() }, (data) =>
    replaceInPages(data, 'records', report.campaign),
  );
}

/** A deleted campaign out of every list; its report query is reset. */
export function removeCampaign(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.campaigns.detail(id), exact: true });
  queryClient.setQueriesData<InfiniteData<CampaignPage>>({ queryKey: atendeKeys.campaigns.lists() }, (data) => removeFromPages(data, 'records', id));
}

/** What an event of `company-{id}-campaign` does to the cache. */
export function writeCampaignEvent(queryClient: QueryClient, event: CampaignEvent): void {
  switch (event.action) {
    case 'delete':
      return removeCampaign(queryClient, event.id);
    case 'report':
      return writeCampaignReport(queryClient, event.report);
    default:
      return writeCampaign(queryClient, event.record, event.action);
  }
}

type Update<Body> = { id: number; body: Body };

/**
 * POST /campaigns. Without scheduledAt it is a draft (INATIVA); with it, PROGRAMADA, and the API checks it is complete
 * (400 ERR_CAMPAIGN_INCOMPLETE with the missing fields).
 */
export function useCreateCampaign() {
  return useApiMutation((client, body: CreateCampaignBody) => client.POST('/campaigns', { body }), {
    onSuccess: (campaign, _body, queryClient) => writeCampaign(queryClient, campaign, 'create'),
  });
}

/** PUT /campaigns/{id}: only the fields sent change; 409 ERR_CAMPAIGN_NOT_EDITABLE past its `editable`. */
export function useUpdateCampaign() {
  return useApiMutation((client, { id, body }: Update<SaveCampaignBody>) => client.PUT('/campaigns/{id}', { params: { path: { id } }, body }), {
    onSuccess: (campaign, _vars, queryClient) => writeCampaign(queryClient, campaign, 'update'),
  });
}

/** DELETE /campaigns/{id} with its report; one that is sending must be cancelled first (409 ERR_CAMPAIGN_STATUS). */
export function useDeleteCampaign() {
  return useApiMutation((client, id: number) => client.DELETE('/campaigns/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeCampaign(queryClient, id),
  });
}

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO to CANCELADA (409 ERR_CAMPAIGN_STATUS otherwise). */
export function useCancelCampaign() {
  return useApiMutation((client, id: number) => client.POST('/campaigns/{id}/cancel', { params: { path: { id } } }), {
    onSuccess: (campaign, _id, queryClient) => writeCampaign(queryClient, campaign, 'update'),
  });
}

/** POST /campaigns/{id}/restart: CANCELADA to EM_ANDAMENTO; those already sent are not sent again. */
export function useRestartCampaign() {
  return useApiMutation((client, id: number) => client.POST('/campaigns/{id}/restart', { params: { path: { id } } }), {
    onSuccess: (campaign, _id, queryClient) => writeCampaign(queryClient, campaign, 'update'),
  });
}

/** The multipart form of POST /campaigns/{id}/media-upload: the file as `file`. */
export function campaignMediaForm(file: File): FormData {
  return multipartForm({ file });
}

/**
 * POST /campaigns/{id}/media-upload: an image, audio, video or document (told by the API from its bytes), replacing
 * the previous one; its name comes back with spaces as underscores. Only while `editable` is 'all'.
 */
export function useUploadCampaignMedia() {
  return useApiMutation(
    (client, { id, file }: { id: number; file: File }) =>
      client.POST('/campaigns/{id}/media-upload', { params: { path: { id } }, body: multipartBody({ file }) }),
    { onSuccess: (campaign, _vars, queryClient) => writeCampaign(queryClient, campaign, 'update') },
  );
}

/** DELETE /campaigns/{id}/media-upload: the attachment is removed. */
export function useDeleteCampaignMedia() {
  return useApiMutation((client, id: number) => client.DELETE('/campaigns/{id}/media-upload', { params: { path: { id } } }), {
    onSuccess: (campaign, _id, queryClient) => writeCampaign(queryClient, campaign, 'update'),
  });
}

export type CampaignRecipientDto = Schemas['CampaignRecipientDto'];
export type CampaignRecipientState = Schemas['CampaignRecipientState'];
export type CampaignRecipientFailure = Schemas['CampaignRecipientFailure'];
type CampaignRecipientPage = Schemas['CampaignRecipientPageDto'];
/** The filters of GET /campaigns/{id}/recipients and its export: one state and a name-or-number search. */
export interface CampaignRecipientFilters {
  state?: CampaignRecipientState;
  searchParam?: string;
}

/** The per-recipient states in the order a recipient goes through them (failed last). */
export const CAMPAIGN_RECIPIENT_STATES: readonly CampaignRecipientState[] = ['planned', 'sent', 'delivered', 'read', 'confirmed', 'failed'];

/** The query key of a campaign's recipient list with its filters (under its detail key, so resetting the campaign reaches it). */
export const campaignRecipientsKey = (id: number, filters: CampaignRecipientFilters = {}) =>
  [...atendeKeys.campaigns.detail(id), 'recipients', filters] as const;

/**
 * GET /campaigns/{id}/recipients: the campaign's recipients with their state, in plan order, 20 a page
 * (`fetchNextPage()` loads more), filtered by `state` and by `searchParam` (name or number).
 */
export function useCampaignRecipients(
  id: number,
  filters: CampaignRecipientFilters = {},
  options: QueryOptions = {},
): UseInfiniteQueryResult<PagedList<CampaignRecipientDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: campaignRecipientsKey(id, filters),
    initialPageParam: 1,
    getNextPageParam: (last: CampaignRecipientPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/campaigns/{id}/recipients', { params: { path: { id }, query: { ...filters, pageNumber: pageParam } }, signal })),
    select: (data: InfiniteData<CampaignRecipientPage>) => ({
      items: data.pages.flatMap((page) => page.recipients),
      count: data.pages[0]?.count ?? 0,
      hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false,
    }),
    ...options,
  });
}

/** GET /campaigns/{id}/recipients/export through the authenticated client: the ';' CSV (UTF-8 with a BOM) with the same filters. */
export function useCampaignRecipientsExport(): (id: number, filters: CampaignRecipientFilters) => Promise<Blob> {
  const client = useApiClient();
  return (id, filters) => unwrap<Blob>(client.GET('/campaigns/{id}/recipients/export', { params: { path: { id }, query: filters }, parseAs: 'blob' }));
}
