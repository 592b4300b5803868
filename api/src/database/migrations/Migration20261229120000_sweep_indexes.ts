import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: reads that scanned a whole table, found by reading every query of the large tables against its indexes
 * (EXPLAIN on the bench:scale data and on a migrated database):
 * - the campaign sweeper (every CAMPAIGN_SWEEP_MS, 15 s, all companies) looked for confirmed shippings still unsent and
 *   for the last day's done ones with a scan of every shipping ever made;
 * - the schedule sweeper (every 30 s) looked for the last day's sent schedules the same way;
 * - a contact list's WhatsApp check read its unchecked items 200 at a time, and its page sorted by name, each by
 *   reading and sorting the whole list;
 * - deleting a queue option looked for the chatbot states pointing at it in every ticket_bots row; deleting a user
 *   looked for their notes, schedules and internal-chat messages (ON DELETE SET NULL) in every company's rows.
 * Each partial index holds only the rows its query can want.
 */
export class Migration20261229120000_sweep_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "campaign_shippings_confirmed_index" on "campaign_shippings" ("confirmed_at") where "confirmed_at" is not null and "sent_at" is null;`);
    this.addSql(`create index "campaign_shippings_done_index" on "campaign_shippings" ("done_at") where "done_at" is not null;`);
    this.addSql(`create index "schedules_sent_at_index" on "schedules" ("sent_at") where "status" = 'ENVIADA';`);
    this.addSql(`create index "schedules_user_id_index" on "schedules" ("user_id") where "user_id" is not null;`);
    this.addSql(`create index "ticket_bots_option_id_index" on "ticket_bots" ("option_id") where "option_id" is not null;`);
    this.addSql(`create index "contact_list_items_unchecked_index" on "contact_list_items" ("contact_list_id", "id") where "is_whatsapp_valid" is null;`);
    this.addSql(`create index "contact_list_items_name_index" on "contact_list_items" ("contact_list_id", "name", "id");`);
    this.addSql(`create index "chat_messages_sender_id_index" on "chat_messages" ("sender_id") where "sender_id" is not null;`);
    this.addSql(`create index "ticket_notes_user_id_index" on "ticket_notes" ("user_id") where "user_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "campaign_shippings_confirmed_index";`);
    this.addSql(`drop index if exists "campaign_shippings_done_index";`);
    this.addSql(`drop index if exists "schedules_sent_at_index";`);
    this.addSql(`drop index if exists "schedules_user_id_index";`);
    this.addSql(`drop index if exists "ticket_bots_option_id_index";`);
    this.addSql(`drop index if exists "contact_list_items_unchecked_index";`);
    this.addSql(`drop index if exists "contact_list_items_name_index";`);
    this.addSql(`drop index if exists "chat_messages_sender_id_index";`);
    this.addSql(`drop index if exists "ticket_notes_user_id_index";`);
  }
}
