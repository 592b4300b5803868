import { Migration } from '@mikro-orm/migrations';

/**
 * System announcements: platform-wide like help videos (no tenant filter). `company_id` records the super company
 * that wrote one and is cleared if that company goes; the bell's read (active ones, newest first) has its index.
 */
export class Migration20261220120000_announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "announcements" ("id" serial primary key, "company_id" int null, "title" varchar(200) not null, "text" text not null, "priority" smallint not null default 3, "status" boolean not null default true, "media_path" varchar(255) null, "media_name" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "announcements_status_created_at_index" on "announcements" ("status", "created_at");`);
    this.addSql(`alter table "announcements" add constraint "announcements_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "announcements" cascade;`);
  }
}
