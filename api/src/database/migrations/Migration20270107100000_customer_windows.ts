import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35, the official API's 24-hour window: when each customer last wrote to each official connection (the window
 * is open for 24 hours after it). Kept by the inbound batch writer in the transaction that stores the message
 * (entity: ticket/official/customer-window.entity.ts; official.queries.ts reads it).
 */
export class Migration20270107100000_customer_windows extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "customer_windows" ("whatsapp_id" int not null, "contact_number" varchar(64) not null, "company_id" int not null, "last_inbound_at" timestamptz not null, constraint "customer_windows_pkey" primary key ("whatsapp_id", "contact_number"));`,
    );
    this.addSql(`create index "customer_windows_company_id_index" on "customer_windows" ("company_id");`);
    this.addSql(
      `alter table "customer_windows" add constraint "customer_windows_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "customer_windows" add constraint "customer_windows_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customer_windows" cascade;`);
  }
}
