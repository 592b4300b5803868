import type { Statements } from '../../database/sql-statements';
import type { TenantSql } from '../../database/tenant-sql';

/** Every statement of ticket/chats (see src/database/README.md). */

const COUNT_UNREAD = `update "chat_users" set "unreads" = "unreads" + 1 where "chat_id" = ? and "user_id" <> ? and "company_id" = :companyId`;

export const STATEMENTS: Statements = { countUnread: COUNT_UNREAD };

/** One more unread message for every member of the chat but its sender. */
export async function countUnread(db: TenantSql, chatId: number, senderId: number): Promise<void> {
  await db.execute(COUNT_UNREAD, [chatId, senderId], 'run');
}
