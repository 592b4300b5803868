import { Filter } from '@mikro-orm/core';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  companyId: number;
}

/**
 * Safety net under the services' own scoping: every query of a tenant-owned entity
 * is narrowed to the company set for the current request context. A query run with no
 * company set fails ("No arguments provided for filter 'tenant'") rather than reading
 * every company's rows; super-user code paths lift it explicitly with `filters: { tenant: false }`.
 */
export const TenantScoped = () =>
  Filter({
    name: TENANT_FILTER,
    cond: (args: TenantFilterArgs) => ({ companyId: args.companyId }),
    default: true,
  });

/**
 * A fresh ORM context scoped to one company: for work outside an HTTP request (jobs, provider events,
 * socket handlers), where the guard has not set the filter.
 */
export function forkForCompany<E extends { fork(): E; setFilterParams(name: string, args: TenantFilterArgs): void }>(em: E, companyId: number): E {
  const fork = em.fork();
  fork.setFilterParams(TENANT_FILTER, { companyId });
  return fork;
}
