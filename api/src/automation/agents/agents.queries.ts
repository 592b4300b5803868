import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { AgentKind } from './agent';

/** Every statement of automation/agents (see src/common/tenancy/README.md). */

const INTEGRATION_TYPE = 'select type from queue_integrations where id = ? and company_id = :companyId';
const TURN_MESSAGE = 'select body, media_type, media_path, created_at from messages where id = ? and company_id = :companyId';

export const STATEMENTS: Statements = { integrationType: INTEGRATION_TYPE, turnMessage: TURN_MESSAGE };

/** The type of an integration, which names the agent that answers for it. */
export async function integrationType(db: TenantSql, integrationId: number): Promise<AgentKind | null> {
  return (await db.execute<{ type: AgentKind }>(INTEGRATION_TYPE, [integrationId]))[0]?.type ?? null;
}

export interface TurnMessageRow {
  body: string;
  media_type: string;
  media_path: string | null;
  created_at: Date;
}

/** The stored message a turn answers. */
export async function turnMessage(db: TenantSql, messageId: string): Promise<TurnMessageRow | undefined> {
  return (await db.execute<TurnMessageRow>(TURN_MESSAGE, [messageId]))[0];
}
