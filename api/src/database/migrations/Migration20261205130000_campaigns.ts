import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns and their recipients (campaign_shippings): one row per number per campaign, planned at the start,
 * done in the transaction that stores its message.
 */
export class Migration20261205130000_campaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "campaigns" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "status" varchar(20) not null default 'INATIVA', "confirmation" boolean not null default false, "scheduled_at" timestamptz null, "started_at" timestamptz null, "completed_at" timestamptz null, "whatsapp_id" int null, "contact_list_id" int null, "tag_list_id" int null, "file_list_id" int null, "message1" text not null default '', "message2" text not null default '', "message3" text not null default '', "message4" text not null default '', "message5" text not null default '', "confirmation_message1" text not null default '', "confirmation_message2" text not null default '', "confirmation_message3" text not null default '', "confirmation_message4" text not null default '', "confirmation_message5" text not null default '', "media_path" varchar(255) null, "media_name" varchar(255) null, "media_type" varchar(30) null, "file_media" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "campaigns_company_id_created_at_index" on "campaigns" ("company_id", "created_at");`);
    this.addSql(`create index "campaigns_active_index" on "campaigns" ("status", "scheduled_at") where "status" in ('PROGRAMADA', 'EM_ANDAMENTO');`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'));`);

    this.addSql(`create table "campaign_shippings" ("id" bigserial primary key, "company_id" int not null, "campaign_id" int not null, "number" varchar(50) not null, "name" varchar(100) not null default '', "email" varchar(255) null, "slot" smallint not null, "planned_at" timestamptz not null, "done_at" timestamptz null, "skipped" varchar(50) null, "contact_id" int null, "confirmation_requested_at" timestamptz null, "confirmation_message_id" bigint null, "confirmed_at" timestamptz null, "sent_at" timestamptz null, "message_id" bigint null);`);
    this.addSql(`alter table "campaign_shippings" add constraint "campaign_shippings_campaign_id_number_unique" unique ("campaign_id", "number");`);
    this.addSql(`create index "campaign_shippings_pending_index" on "campaign_shippings" ("campaign_id", "planned_at") where "done_at" is null;`);
    this.addSql(`create index "campaign_shippings_awaiting_index" on "campaign_shippings" ("company_id", "number") where "confirmation_requested_at" is not null and "confirmed_at" is null;`);

    this.addSql(`alter table "campaigns" add constraint "campaigns_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_tag_list_id_foreign" foreign key ("tag_list_id") references "tags" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_file_list_id_foreign" foreign key ("file_list_id") references "file_lists" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "campaign_shippings" add constraint "campaign_shippings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "campaign_shippings" add constraint "campaign_shippings_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "campaign_shippings" cascade;`);
    this.addSql(`drop table if exists "campaigns" cascade;`);
  }
}
