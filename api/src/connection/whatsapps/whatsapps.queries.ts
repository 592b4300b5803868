import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of connection/whatsapps: checks by table name, since connection does not import automation (see src/common/tenancy/README.md). */

const PROMPT_EXISTS = 'select 1 from prompts where company_id = :companyId and id = ?';
const INTEGRATION_EXISTS = 'select 1 from queue_integrations where company_id = :companyId and id = ?';

export const STATEMENTS: Statements = { integrationExists: INTEGRATION_EXISTS, promptExists: PROMPT_EXISTS };

export async function promptExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(PROMPT_EXISTS, [id])).length > 0;
}

export async function integrationExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(INTEGRATION_EXISTS, [id])).length > 0;
}
