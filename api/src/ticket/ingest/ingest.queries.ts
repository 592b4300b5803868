import type { Statements } from '../../database/sql-statements';
import type { TenantSql } from '../../database/tenant-sql';
import { MESSAGE_COLUMNS, type MessageRow } from '../tickets/tickets.queries';

/**
 * Every tenant statement of ticket/ingest (see src/database/README.md). The batch writer's (ingest-writer.ts) write
 * several companies' messages at once, each row with its own company: listed as platform SQL in tenant-scope.spec.ts.
 */

const IGNORE_GROUPS = `select s.value from settings s where s.company_id = :companyId and s.key = 'CheckMsgIsGroup'`;
const RAISE_ACK = `update messages set ack = ?, updated_at = now() where company_id = :companyId and whatsapp_id = ? and provider_id = ? and ack < ? returning ${MESSAGE_COLUMNS}`;
const CURRENT_ACK = 'select ack from messages where company_id = :companyId and whatsapp_id = ? and provider_id = ?';

export const STATEMENTS: Statements = { currentAck: CURRENT_ACK, ignoreGroups: IGNORE_GROUPS, raiseAck: RAISE_ACK };

/** The stored CheckMsgIsGroup setting, prepared (every batch reads it). */
export async function ignoreGroupsSetting(db: TenantSql): Promise<string | undefined> {
  return (await db.prepared<{ value: string }>('ingest-ignore-groups', IGNORE_GROUPS))[0]?.value;
}

/** Raises a message's ack (never lowers it): the message's row when it rose. */
export function raiseAck(db: TenantSql, whatsappId: number, providerId: string, ack: number): Promise<MessageRow[]> {
  return db.execute<MessageRow>(RAISE_ACK, [ack, whatsappId, providerId, ack]);
}

/** A message's ack; undefined when it is not stored. */
export async function currentAck(db: TenantSql, whatsappId: number, providerId: string): Promise<number | undefined> {
  return (await db.execute<{ ack: number }>(CURRENT_ACK, [whatsappId, providerId]))[0]?.ack;
}
