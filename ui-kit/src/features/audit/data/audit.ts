// The audit log (GET /audit-logs, GET /audit-logs/export): administrative writes, newest first, 50 a page. A company
// admin reads their company's rows; a super user every company's (or one, with companyId). Append-only: nothing
// live changes a row, so no socket channel; a refetch shows new ones.
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { components, paths } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import type { PagedList, QueryOptions } from '../../../data/queries';

export type AuditLogDto = components['schemas']['AuditLogDto'];
type AuditLogPage = components['schemas']['AuditLogPageDto'];
/** GET /audit-logs filters (no page: the hook pages). */
export type AuditLogFilters = Omit<NonNullable<paths['/audit-logs']['get']['parameters']['query']>, 'pageNumber'>;

export const auditKeys = { list: (filters: AuditLogFilters) => ['atende', 'audit-logs', 'list', filters] as const };

function selectAudit(data: InfiniteData<AuditLogPage>): PagedList<AuditLogDto> {
  return { items: data.pages.flatMap((p) => p.records), count: data.pages[0]?.count ?? 0, hasMore: data.pages.at(-1)?.hasMore ?? false };
}

export function useAuditLogs(filters: AuditLogFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<AuditLogDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: AuditLogPage, _all: unknown, page: number) => (last.hasMore ? page + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/audit-logs', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectAudit,
    ...options,
  });
}

/** GET /audit-logs/export with the same filters: the CSV file as the server made it (its scope, its escaping). */
export function useAuditExport(): (filters: AuditLogFilters) => Promise<Blob> {
  const client = useApiClient();
  return (filters) => unwrap<Blob>(client.GET('/audit-logs/export', { params: { query: filters }, parseAs: 'blob' }));
}
