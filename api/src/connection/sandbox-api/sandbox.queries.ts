import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/**
 * Every statement of the sandbox's phone API: the platform's record of a customer's 24-hour window on an official
 * connection (`customer_windows`, kept by the ticket module's ingest), aged so a demo or a test can show it closed.
 */

const AGE_CUSTOMER_WINDOW = `update customer_windows set last_inbound_at = last_inbound_at - make_interval(secs => ?)
  where company_id = :companyId and whatsapp_id = ? and contact_number = ?
  returning last_inbound_at`;

export const STATEMENTS: Statements = { ageCustomerWindow: AGE_CUSTOMER_WINDOW };

/** Moves the customer's last message on the connection `ms` back; answers the new time (null: the platform has no window for them). */
export async function ageCustomerWindow(db: TenantSql, whatsappId: number, contactNumber: string, ms: number): Promise<Date | null> {
  // Raw rows carry timestamps as the driver is set to give them (text here): made a Date.
  const rows = await db.execute<{ last_inbound_at: Date | string }>(AGE_CUSTOMER_WINDOW, [ms / 1000, whatsappId, contactNumber]);
  return rows[0] ? new Date(rows[0].last_inbound_at) : null;
}
