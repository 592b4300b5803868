import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of ticket/chats (see src/common/tenancy/README.md). */

const COUNT_UNREAD = `update "chat_users" set "unreads" = "unreads" + 1 where "chat_id" = ? and "user_id" <> ? and "company_id" = :companyId`;

export const STATEMENTS: Statements = { countUnread: COUNT_UNREAD };

/** One more unread message for every member of the chat but its sender. */
export async function countUnread(db: TenantSql, chatId: number, senderId: number): Promise<void> {
  await db.execute(COUNT_UNREAD, [chatId, senderId], 'run');
}
