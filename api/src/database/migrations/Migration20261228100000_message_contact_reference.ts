import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: deleting a contact at scale. `messages.contact_id` referenced contacts with ON DELETE SET NULL and no
 * index, so every contact deleted had PostgreSQL look for its messages with a scan of the whole table (all companies'
 * messages), whether or not any were left. A message's contact is always its ticket's contact (every writer stores
 * the ticket's; a group's participant is the `participant` text), and a contact's tickets, with their messages, go
 * when it goes (tickets.contact_id cascades, then messages.ticket_id, both indexed). So the column keeps the id
 * without a constraint of its own, rather than an index on 5,000,000 rows that every stored message would pay for.
 * Deleting a Big Co contact with 4 tickets (bench:scale data): 1,577 ms, 1,556 of them in that check; now 2.8 ms.
 */
export class Migration20261228100000_message_contact_reference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" drop constraint if exists "messages_contact_id_foreign";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "messages" add constraint "messages_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null not valid;`,
    );
  }
}
