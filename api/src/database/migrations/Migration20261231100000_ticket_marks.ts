import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 29: an attendant's own marks on a conversation, seen by nobody else.
 * - `pinned_at`: pinned to the top of the user's ticket lists (the newest pin first);
 * - `unread`: marked unread by the user (the list shows the badge again until they open the conversation).
 * A row exists while either holds. Read by the user (GET /tickets/marks) and written one at a time
 * (PUT /tickets/{id}/marks); gone with its ticket or its user.
 */
export class Migration20261231100000_ticket_marks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ticket_marks" ("user_id" int not null references "users" ("id") on delete cascade, "ticket_id" int not null references "tickets" ("id") on delete cascade, "company_id" int not null references "companies" ("id") on delete cascade, "pinned_at" timestamptz null, "unread" boolean not null default false, "updated_at" timestamptz not null default now(), primary key ("user_id", "ticket_id"));`,
    );
    this.addSql(`create index "ticket_marks_ticket_id_index" on "ticket_marks" ("ticket_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ticket_marks";`);
  }
}
