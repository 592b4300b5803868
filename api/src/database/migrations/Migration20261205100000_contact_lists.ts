import { Migration } from '@mikro-orm/migrations';

/** Contact lists and their contacts (campaigns); a number is in a list once; isWhatsappValid null until checked. */
export class Migration20261205100000_contact_lists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "contact_lists" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "contact_lists_company_id_name_index" on "contact_lists" ("company_id", "name");`);

    this.addSql(`create table "contact_list_items" ("id" serial primary key, "company_id" int not null, "contact_list_id" int not null, "name" varchar(50) not null, "number" varchar(50) not null, "email" varchar(255) null, "is_whatsapp_valid" boolean null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "contact_list_items_company_id_contact_list_id_index" on "contact_list_items" ("company_id", "contact_list_id");`);
    this.addSql(`alter table "contact_list_items" add constraint "contact_list_items_contact_list_id_number_unique" unique ("contact_list_id", "number");`);

    this.addSql(`alter table "contact_lists" add constraint "contact_lists_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contact_list_items" add constraint "contact_list_items_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contact_list_items" add constraint "contact_list_items_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contact_list_items" cascade;`);
    this.addSql(`drop table if exists "contact_lists" cascade;`);
  }
}
