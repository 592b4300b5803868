import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of automation/prompts (see src/common/tenancy/README.md). */

const TICKET_PROMPT = 'select prompt_id from tickets where company_id = :companyId and id = ?';
const RECENT_MESSAGES =
  'select id::text as id, body, from_me, media_type from messages where company_id = :companyId and ticket_id = ? and is_deleted = false order by created_at desc, id desc limit ?';

export const STATEMENTS: Statements = { recentMessages: RECENT_MESSAGES, ticketPrompt: TICKET_PROMPT };

/** The prompt a ticket talks to, if any. */
export async function ticketPrompt(db: TenantSql, ticketId: number): Promise<{ prompt_id: number | null } | undefined> {
  return (await db.execute<{ prompt_id: number | null }>(TICKET_PROMPT, [ticketId]))[0];
}

export interface RecentMessageRow {
  id: string;
  body: string;
  from_me: boolean;
  media_type: string;
}

/** A ticket's last `max` messages, newest first. */
export function recentMessages(db: TenantSql, ticketId: number, max: number): Promise<RecentMessageRow[]> {
  return db.execute<RecentMessageRow>(RECENT_MESSAGES, [ticketId, max]);
}
