import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30: a campaign keeps its file list's message as it started (sent after the campaign message, before the
 * files), and a recipient records the inbound message that confirmed it (the chatbot leaves that reply alone).
 */
export class Migration20270104100000_campaign_text_and_recipients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaigns" add column "file_message" text null;`);
    this.addSql(`alter table "campaign_shippings" add column "confirmation_reply_id" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_shippings" drop column "confirmation_reply_id";`);
    this.addSql(`alter table "campaigns" drop column "file_message";`);
  }
}
