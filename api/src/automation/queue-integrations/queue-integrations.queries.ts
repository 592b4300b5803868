import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of automation/queue-integrations (see src/common/tenancy/README.md). */

const TICKET_INTEGRATION = 'select integration_id from tickets where id = ? and company_id = :companyId';
const STILL_ANSWERING = `select id from tickets where id = ? and company_id = :companyId and use_integration and integration_id = ? and user_id is null and status = 'pending'`;

export const STATEMENTS: Statements = { stillAnswering: STILL_ANSWERING, ticketIntegration: TICKET_INTEGRATION };

/** The integration a ticket names (tickets.integration_id), if any. */
export async function ticketIntegration(db: TenantSql, ticketId: number): Promise<number | null> {
  return (await db.execute<{ integration_id: number | null }>(TICKET_INTEGRATION, [ticketId]))[0]?.integration_id ?? null;
}

/** Whether the ticket is still pending, unassigned and talking to this integration. */
export async function stillAnswering(db: TenantSql, ticketId: number, integrationId: number): Promise<boolean> {
  return (await db.execute<{ id: number }>(STILL_ANSWERING, [ticketId, integrationId])).length > 0;
}
