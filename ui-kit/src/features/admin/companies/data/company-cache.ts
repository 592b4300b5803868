// Where a company lives in the query cache (detail, the paginated lists, the whole list, its users). The `company`
// events and the mutations' answers both land here. Apart from the hooks so the embed's runtime carries only these writes.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { byName, removeFromArray, removeFromPages, upsertInArray } from '../../../../data/cache-updaters';
import { setDetail, writePaged, type WriteKind } from '../../../../data/cache-writes';
import { atendeKeys } from '../../../../data/query-keys';

type Schemas = components['schemas'];
type CompanyDto = Schemas['CompanyDto'];

export function writeCompany(queryClient: QueryClient, company: CompanyDto, kind: WriteKind = 'update'): void {
  setDetail<CompanyDto>(queryClient, atendeKeys.companies.detail(company.id), () => company);
  writePaged<Schemas['CompanyPageDto'], 'companies'>(queryClient, atendeKeys.companies.lists(), 'companies', company, byName, kind);
  queryClient.setQueryData<CompanyDto[]>(atendeKeys.companies.listAll(), (list) => upsertInArray(list, company, byName));
}

/** A deleted company out of every company list and its detail. */
export function removeCompany(queryClient: QueryClient, companyId: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.companies.detail(companyId), exact: true });
  queryClient.setQueriesData<InfiniteData<Schemas['CompanyPageDto']>>({ queryKey: atendeKeys.companies.lists() }, (data) =>
    removeFromPages(data, 'companies', companyId),
  );
  queryClient.setQueryData<CompanyDto[]>(atendeKeys.companies.listAll(), (list) => removeFromArray(list, companyId));
  queryClient.removeQueries({ queryKey: atendeKeys.companies.usersOf(companyId) });
}
