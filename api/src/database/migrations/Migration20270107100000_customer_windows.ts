import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35, the official API's 24-hour window: when each customer last wrote to each official connection (the window
 * is open for 24 hours after it). Kept by the inbound batch writer in the transaction that stores the message; not
 * mapped by the ORM (ticket/official/official.queries.ts reads it).
 */
export class Migration20270107100000_customer_windows extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "customer_windows" ("company_id" int not null references "companies" ("id") on delete cascade, "whatsapp_id" int not null references "whatsapps" ("id") on delete cascade, "contact_number" varchar(64) not null, "last_inbound_at" timestamptz not null, primary key ("whatsapp_id", "contact_number"));`,
    );
    this.addSql(`create index "customer_windows_company_id_index" on "customer_windows" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customer_windows";`);
  }
}
