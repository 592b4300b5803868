import { AuditLog } from '@atende/ui-kit';

/** /audit: the audit log, the kit's screen (company admins: their company; super users: every company). */
export function AuditPage() {
  return <AuditLog headingLevel={1} />;
}
