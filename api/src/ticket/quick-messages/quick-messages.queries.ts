import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of ticket/quick-messages (see src/common/tenancy/README.md). */

const SENDER = 'select u.name, c.timezone from users u join companies c on c.id = u.company_id where u.company_id = :companyId and u.id = ?';

export const STATEMENTS: Statements = { sender: SENDER };

/** The sending user's name and their company's time zone, for a message's variables. */
export async function sender(db: TenantSql, userId: number): Promise<{ name: string; timezone: string } | undefined> {
  return (await db.execute<{ name: string; timezone: string }>(SENDER, [userId]))[0];
}
