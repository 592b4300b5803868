import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../../common/tenancy/tenant-filter';
import { tenantSql } from '../../../common/tenancy/tenant-sql';
import { ticketIntegration } from '../queue-integrations.queries';
import type { AgentTurn } from '../../agents/agent';
import { IntegrationType, QueueIntegration } from '../queue-integration.entity';

/** The integration the turn's ticket names (tickets.integration_id), when it is of the agent's type; else throws (the engine hands off). */
export async function integrationOf(em: EntityManager, turn: AgentTurn, types: readonly IntegrationType[]): Promise<QueueIntegration> {
  const scoped = forkForCompany(em, turn.companyId);
  const id = await ticketIntegration(tenantSql(scoped, turn.companyId), turn.ticketId);
  const row = id ? await scoped.findOne(QueueIntegration, { id, companyId: turn.companyId }) : null;
  if (!row || !types.includes(row.type)) throw new Error(`ticket ${turn.ticketId} has no ${types.join('/')} integration`);
  return row;
}
