import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 29: closing a ticket now resets its unread count. Tickets closed before kept theirs, and showed a badge in
 * the closed list and the unread bell forever: they are reset once here.
 */
export class Migration20261231110000_closed_tickets_read extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "tickets" set "unread_messages" = 0 where "status" = 'closed' and "unread_messages" <> 0;`);
  }

  override async down(): Promise<void> {
    // The counts reset are not kept: nothing to restore.
  }
}
