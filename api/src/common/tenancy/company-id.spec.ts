import type { CompanyId } from './company-id';
import { asCompanyId } from './company-id';
import type { RequestContext } from '../access/request-context';

/**
 * Type-level checks, enforced by `tsc` (which `npm test` runs first): each `@ts-expect-error` line must fail to
 * compile, or the build fails. They prove a wrong or missing company is a compile error, not a review catch.
 */
declare function scopedToCompany(companyId: CompanyId, ticketId: number): void;
declare const ctx: RequestContext;
declare const ticketId: number;

export function typeChecks(): void {
  scopedToCompany(ctx.companyId, ticketId);
  // @ts-expect-error a plain number (a ticket id, a body field) is not a company id
  scopedToCompany(ticketId, ticketId);
  // @ts-expect-error nor is a number literal
  scopedToCompany(1, ticketId);
  // @ts-expect-error arguments swapped
  scopedToCompany(ticketId, ctx.companyId);
  // @ts-expect-error the company is not optional
  scopedToCompany(undefined, ticketId);
  const id: number = ctx.companyId; // a company id still reads as a number (SQL, URLs, logs)
  void id;
}

describe('CompanyId', () => {
  it('is a number at run time', () => {
    expect(typeof asCompanyId(5)).toBe('number');
  });
});
