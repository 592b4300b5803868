/**
 * A company's id, branded so that it cannot be confused with any other number: a ticket, user or queue id passed
 * where a company belongs is a compile error. Every service method on tenant data takes one first (or a
 * RequestContext, whose `companyId` is one), every tenant entity's `companyId` is one, and the ORM's tenant filter
 * and `tenantSql` bind one.
 */
declare const COMPANY_ID: unique symbol;
export type CompanyId = number & { readonly [COMPANY_ID]: true };

/**
 * The one way a plain number becomes a company id, at the trust boundaries only: the verified token
 * (session-loader), rows and job payloads the API wrote itself, the RPC bus between our processes, and a path
 * parameter of a route whose permission lets the caller name a company (super users, public white-label settings). Anything else gets its company from a RequestContext or an entity.
 */
export function asCompanyId(value: number): CompanyId {
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`not a company id: ${value}`);
  return value as CompanyId;
}
