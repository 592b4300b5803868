import { SetMetadata } from '@nestjs/common';

export const AUDIT_KEY = 'atende:audit';
export const AUDIT_EXEMPT_KEY = 'atende:audit-exempt';

export interface AuditOptions {
  /** What the routes change, the action's prefix and the record's target type: `user`, `queue`, `company`. */
  target: string;
  /** The action's verb when the route's method and path do not say it (`extend-due-date`, `cancel`). */
  action?: string;
  /**
   * `platform`: a super user's write of the platform (plans, helps, announcements, companies). Its row belongs to no
   * company, except when the target is a company: then it is that company's, so its admin sees what was done to it.
   */
  scope?: 'company' | 'platform';
}

/**
 * Every successful non-GET route of the controller (or the one route) is written to the audit log by the global
 * AuditInterceptor: who, as whom, from where, which record, the fields sent (secrets redacted).
 * `audit-coverage.e2e-spec.ts` fails when a non-GET route is neither audited nor exempt.
 */
export const Audit = (options: AuditOptions) => SetMetadata(AUDIT_KEY, options);

/** A write that is not administrative (attendance, the caller's own session or device), and why. */
export const AuditExempt = (reason: string) => {
  if (!reason.trim()) throw new Error('AuditExempt needs a reason');
  return SetMetadata(AUDIT_EXEMPT_KEY, reason);
};
