import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35, the official WhatsApp API: the message templates of each official connection's business account, as
 * last synced (one row per connection, name and language).
 */
export class Migration20270107110000_message_templates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "message_templates" ("id" serial primary key, "company_id" int not null, "whatsapp_id" int not null, "name" varchar(512) not null, "language" varchar(16) not null, "status" varchar(20) not null, "category" varchar(20) not null, "body" text not null, "header" text null, "footer" text null, "params" int not null, "synced_at" timestamptz not null);`,
    );
    this.addSql(`create index "message_templates_company_id_index" on "message_templates" ("company_id");`);
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_whatsapp_id_name_language_unique" unique ("whatsapp_id", "name", "language");`,
    );
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "message_templates" cascade;`);
  }
}
