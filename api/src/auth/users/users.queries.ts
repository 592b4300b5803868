import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of auth/users (see src/common/tenancy/README.md). */

const CONNECTION_EXISTS = 'select 1 from whatsapps where id = ? and company_id = :companyId';

export const STATEMENTS: Statements = { connectionExists: CONNECTION_EXISTS };

/** Whether the company has the connection (connections belong to a higher module; named here by id only). */
export async function connectionExists(db: TenantSql, whatsappId: number): Promise<boolean> {
  return (await db.execute(CONNECTION_EXISTS, [whatsappId])).length > 0;
}
