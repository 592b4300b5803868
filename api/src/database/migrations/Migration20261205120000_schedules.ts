import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduled messages: a text (and an optional image) to a contact at sendAt; status PENDENTE, ENVIADA (with the
 * ticket and message it became) or ERRO (with the reason). The partial index serves the sweeper's due scan.
 */
export class Migration20261205120000_schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "schedules" ("id" serial primary key, "company_id" int not null, "body" text not null, "contact_id" int not null, "user_id" int null, "send_at" timestamptz not null, "sent_at" timestamptz null, "status" text check ("status" in ('PENDENTE', 'ENVIADA', 'ERRO')) not null default 'PENDENTE', "error" text null, "ticket_id" int null, "message_id" bigint null, "media_path" varchar(255) null, "media_name" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "schedules_company_id_send_at_index" on "schedules" ("company_id", "send_at");`);
    this.addSql(`create index "schedules_pending_send_at_index" on "schedules" ("send_at") where "status" = 'PENDENTE';`);

    this.addSql(`alter table "schedules" add constraint "schedules_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "schedules" add constraint "schedules_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "schedules" add constraint "schedules_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "schedules" cascade;`);
  }
}
