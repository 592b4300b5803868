import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes that match each list's filter and order (issue 15, measured with `npm run bench:scale`):
 * - the ticket lists walk (company, status, updated_at, id), (company, queue, status, updated_at, id) or
 *   (company, user, queue, status, updated_at, id) backwards and stop at the page: no sort, no scan of the company;
 * - lists without a status (search, the unread bell) walk (company, updated_at, id);
 * - the open and pending badges count a partial covering index of the active tickets only;
 * - the unread bell reads a partial index of the tickets with unread messages;
 * - a tag filter starts from (tag_id, ticket_id);
 * - a conversation's page is an index-only walk of (ticket_id, created_at, id);
 * - the contacts list is read in name order from (company_id, name, id).
 */
export class Migration20261226100000_scale extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "tickets_company_id_status_updated_at_index";`);
    this.addSql(`drop index if exists "tickets_company_id_queue_id_status_index";`);
    this.addSql(`create index "tickets_company_status_updated_index" on "tickets" ("company_id", "status", "updated_at", "id");`);
    this.addSql(`create index "tickets_company_queue_status_updated_index" on "tickets" ("company_id", "queue_id", "status", "updated_at", "id");`);
    this.addSql(`create index "tickets_company_user_queue_status_updated_index" on "tickets" ("company_id", "user_id", "queue_id", "status", "updated_at", "id");`);
    this.addSql(`create index "tickets_company_updated_index" on "tickets" ("company_id", "updated_at", "id");`);
    this.addSql(
      `create index "tickets_active_index" on "tickets" ("company_id", "status") include ("id", "queue_id", "user_id", "is_group", "unread_messages", "created_at", "updated_at") where "status" in ('open', 'pending');`,
    );
    this.addSql(
      `create index "tickets_unread_index" on "tickets" ("company_id", "updated_at", "id") include ("status", "queue_id", "user_id", "is_group") where "unread_messages" > 0;`,
    );
    this.addSql(`create index "ticket_tags_tag_id_ticket_id_index" on "ticket_tags" ("tag_id", "ticket_id");`);
    this.addSql(`drop index if exists "messages_ticket_id_created_at_index";`);
    this.addSql(`create index "messages_ticket_created_index" on "messages" ("ticket_id", "created_at", "id");`);
    this.addSql(`create index "contacts_company_name_index" on "contacts" ("company_id", "name", "id");`);
    // Search reads the column's most common words to choose its plan (SearchStatisticsService): track ~10,000.
    this.addSql(`alter table "messages" alter column "search_vector" set statistics 1000;`);
  }

  override async down(): Promise<void> {
    for (const name of [
      'tickets_company_status_updated_index',
      'tickets_company_queue_status_updated_index',
      'tickets_company_user_queue_status_updated_index',
      'tickets_company_updated_index',
      'tickets_active_index',
      'tickets_unread_index',
      'ticket_tags_tag_id_ticket_id_index',
      'messages_ticket_created_index',
      'contacts_company_name_index',
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
    this.addSql(`create index "tickets_company_id_status_updated_at_index" on "tickets" ("company_id", "status", "updated_at");`);
    this.addSql(`create index "tickets_company_id_queue_id_status_index" on "tickets" ("company_id", "queue_id", "status");`);
    this.addSql(`create index "messages_ticket_id_created_at_index" on "messages" ("ticket_id", "created_at");`);
    this.addSql(`alter table "messages" alter column "search_vector" set statistics -1;`);
  }
}
