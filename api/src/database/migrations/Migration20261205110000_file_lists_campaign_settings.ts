import { Migration } from '@mikro-orm/migrations';

/**
 * File lists (a message and its files, per option a caption and a stored file) and the campaign dispatch settings
 * (one row per company).
 */
export class Migration20261205110000_file_lists_campaign_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "file_lists" ("id" serial primary key, "company_id" int not null, "user_id" int null, "name" varchar(100) not null, "message" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "file_lists_company_id_name_index" on "file_lists" ("company_id", "name");`);

    this.addSql(`create table "file_list_options" ("id" serial primary key, "company_id" int not null, "file_list_id" int not null, "name" text not null default '', "position" int not null default 0, "media_path" varchar(255) null, "media_name" varchar(255) null, "media_type" varchar(20) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "file_list_options_file_list_id_index" on "file_list_options" ("file_list_id");`);

    this.addSql(`create table "campaign_settings" ("id" serial primary key, "company_id" int not null, "message_interval" int null, "longer_interval_after" int null, "greater_interval" int null, "variables" jsonb not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "campaign_settings" add constraint "campaign_settings_company_id_unique" unique ("company_id");`);

    this.addSql(`alter table "file_lists" add constraint "file_lists_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "file_lists" add constraint "file_lists_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "file_list_options" add constraint "file_list_options_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "file_list_options" add constraint "file_list_options_file_list_id_foreign" foreign key ("file_list_id") references "file_lists" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "campaign_settings" add constraint "campaign_settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "file_list_options" cascade;`);
    this.addSql(`drop table if exists "file_lists" cascade;`);
    this.addSql(`drop table if exists "campaign_settings" cascade;`);
  }
}
