import { Migration } from '@mikro-orm/migrations';

/** Company holidays: a message (and an optional image) for a day; status PENDENTE, ENVIADA or ERRO, sentAt once sent. */
export class Migration20261203110000_holidays extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "holidays" ("id" serial primary key, "company_id" int not null, "name" varchar(100) not null, "body" text not null, "date_holiday" date not null, "status" varchar(10) not null default 'PENDENTE', "sent_at" timestamptz null, "media_path" varchar(255) null, "media_name" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "holidays_company_id_date_holiday_index" on "holidays" ("company_id", "date_holiday");`);

    this.addSql(`alter table "holidays" add constraint "holidays_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "holidays" cascade;`);
  }
}
