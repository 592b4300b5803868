import type { CompanyId } from './company-id';
import { Filter } from '@mikro-orm/core';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  companyId: CompanyId;
}

/**
 * Safety net under the services' own scoping: every query of a tenant-owned entity
 * is narrowed to the company set for the current request context. A query run with no
 * company set fails ("No arguments provided for filter 'tenant'") rather than reading
 * every company's rows. The few reads that must cross companies lift it with `withoutTenantFilter(reason)`.
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
export function forkForCompany<E extends { fork(): E; setFilterParams(name: string, args: TenantFilterArgs): void }>(em: E, companyId: CompanyId): E {
  const fork = em.fork();
  fork.setFilterParams(TENANT_FILTER, { companyId });
  return fork;
}

/**
 * Lifts the tenant filter for one query, saying why: `{ ...withoutTenantFilter('login: by e-mail, before any
 * company is known'), populate: [...] }`. Every call site is listed with its reason in
 * `tenant-scope.spec.ts`; a new one fails that test until it is reviewed and added there.
 */
export function withoutTenantFilter(reason: string): { filters: false } {
  if (!reason.trim()) throw new Error('withoutTenantFilter needs a reason');
  return { filters: false };
}

/**
 * A transaction scoped to one company, for work outside an HTTP request: the transaction's own context does not
 * inherit filter parameters set on a fork, so they are set on it again.
 */
export function transactionForCompany<
  E extends { transactional<T>(cb: (em: E) => Promise<T>): Promise<T>; setFilterParams(name: string, args: TenantFilterArgs): void },
  T,
>(em: E, companyId: CompanyId, work: (tx: E) => Promise<T>): Promise<T> {
  return em.transactional((tx) => {
    tx.setFilterParams(TENANT_FILTER, { companyId });
    return work(tx);
  });
}
