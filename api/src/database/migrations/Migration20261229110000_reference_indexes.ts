import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: rows read or deleted through a reference that had no index, so each read or delete scanned the whole
 * table, every company's rows:
 * - a contact's custom fields (its extraInfo). Every ticket a list, a conversation or an event loads carries its
 *   contact's fields, read with `where f.contact_id = c.id`, so each row of a list scanned the table. bench:scale had
 *   no custom fields and did not see it. With 100,180 fields (a third of the contacts), reading the fields of a
 *   41-ticket page took 350 ms; with this index, 0.47 ms. Through HTTP (bench:scale with 133,573 fields,
 *   `list open admin p1`): sequential p50 377 ms without the index, 8.9 ms with it; at concurrency 10, p95 2,067 ms
 *   and 86.5 ms.
 * - a ticket's notes, listed by ticket and deleted with it (and with its contact);
 * - a contact's schedules, deleted with it;
 * - a user's refresh tokens, all revoked by a logout or a new password (with the impersonations the user ran: an OR
 *   that needs both columns indexed) and deleted with the user. The table kept a row for every token ever issued:
 *   SessionPrunerService now deletes those a day past their expiry, off the expires_at index.
 */
export class Migration20261229110000_reference_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "contact_custom_fields_contact_id_index" on "contact_custom_fields" ("contact_id");`);
    this.addSql(`create index "ticket_notes_ticket_id_index" on "ticket_notes" ("ticket_id");`);
    this.addSql(`create index "ticket_notes_contact_id_index" on "ticket_notes" ("contact_id");`);
    this.addSql(`create index "schedules_contact_id_index" on "schedules" ("contact_id");`);
    this.addSql(`create index "refresh_tokens_user_id_index" on "refresh_tokens" ("user_id");`);
    this.addSql(`create index "refresh_tokens_expires_at_index" on "refresh_tokens" ("expires_at");`);
    this.addSql(`create index "refresh_tokens_impersonator_id_index" on "refresh_tokens" ("impersonator_id") where "impersonator_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contact_custom_fields_contact_id_index";`);
    this.addSql(`drop index if exists "ticket_notes_ticket_id_index";`);
    this.addSql(`drop index if exists "ticket_notes_contact_id_index";`);
    this.addSql(`drop index if exists "schedules_contact_id_index";`);
    this.addSql(`drop index if exists "refresh_tokens_user_id_index";`);
    this.addSql(`drop index if exists "refresh_tokens_impersonator_id_index";`);
    this.addSql(`drop index if exists "refresh_tokens_expires_at_index";`);
  }
}
