import { Migration } from '@mikro-orm/migrations';

export class Migration20261121113231_attendance_core extends Migration {

  override async up(): Promise<void> {
    // Trigram indexes below need the extension (shipped with PostgreSQL's contrib and the embedded build).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "contacts" ("id" serial primary key, "company_id" int not null, "name" varchar(100) not null, "number" varchar(64) not null, "email" varchar(255) null, "profile_pic_url" text null, "is_group" boolean not null default false, "whatsapp_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "contacts_whatsapp_id_index" on "contacts" ("whatsapp_id");`);
    this.addSql(`create index "contacts_name_trgm_index" on "contacts" using gin (lower("name") gin_trgm_ops);`);
    this.addSql(`create index "contacts_number_trgm_index" on "contacts" using gin ("number" gin_trgm_ops);`);
    this.addSql(`alter table "contacts" add constraint "contacts_company_id_number_unique" unique ("company_id", "number");`);

    this.addSql(`create table "contact_custom_fields" ("id" serial primary key, "company_id" int not null, "contact_id" int not null, "name" varchar(100) not null, "value" text not null);`);

    this.addSql(`create table "tags" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "color" varchar(9) not null default '#A4CCCC', "kanban" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "tags" add constraint "tags_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(`create table "quick_messages" ("id" serial primary key, "company_id" int not null, "user_id" int null, "shortcode" varchar(100) not null, "message" text not null default '', "geral" boolean not null default false, "media_path" varchar(255) null, "media_name" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);

    this.addSql(`create table "whatsapps" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "status" varchar(20) not null default 'DISCONNECTED', "qrcode" text null, "retries" int not null default 0, "is_default" boolean not null default false, "provider" varchar(20) not null default 'sandbox', "number" varchar(30) null, "session" jsonb null, "token" varchar(100) null, "greeting_message" text null, "complation_message" text null, "out_of_hours_message" text null, "rating_message" text null, "transfer_message" text null, "prompt_id" int null, "integration_id" int null, "time_send_queue" int not null default 0, "send_id_queue" int null, "expires_inactive_message" text null, "expires_ticket" int not null default 0, "time_use_bot_queues" int not null default 0, "max_use_bot_queues" int not null default 3, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "whatsapps_company_id_index" on "whatsapps" ("company_id");`);

    this.addSql(`create table "tickets" ("id" serial primary key, "uuid" uuid not null, "company_id" int not null, "status" varchar(10) not null default 'pending', "is_group" boolean not null default false, "contact_id" int not null, "user_id" int null, "queue_id" int null, "whatsapp_id" int null, "last_message" text null, "unread_messages" int not null default 0, "chatbot" boolean not null default false, "use_integration" boolean not null default false, "integration_id" int null, "prompt_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "tickets" add constraint "tickets_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "tickets_contact_id_index" on "tickets" ("contact_id");`);
    this.addSql(`create unique index "tickets_one_active_per_contact" on "tickets" ("company_id", "contact_id", "whatsapp_id") where "status" in ('open', 'pending');`);
    this.addSql(`create index "tickets_company_id_queue_id_status_index" on "tickets" ("company_id", "queue_id", "status");`);
    this.addSql(`create index "tickets_company_id_status_updated_at_index" on "tickets" ("company_id", "status", "updated_at");`);

    this.addSql(`create table "ticket_trackings" ("id" serial primary key, "company_id" int not null, "ticket_id" int not null, "whatsapp_id" int null, "user_id" int null, "queue_id" int null, "queued_at" timestamptz null, "started_at" timestamptz null, "finished_at" timestamptz null, "rating" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "ticket_trackings_ticket_id_index" on "ticket_trackings" ("ticket_id");`);
    this.addSql(`create index "ticket_trackings_company_id_created_at_index" on "ticket_trackings" ("company_id", "created_at");`);
    this.addSql(`create index "ticket_trackings_company_id_finished_at_index" on "ticket_trackings" ("company_id", "finished_at");`);

    this.addSql(`create table "ticket_tags" ("ticket_id" int not null, "tag_id" int not null, constraint "ticket_tags_pkey" primary key ("ticket_id", "tag_id"));`);

    this.addSql(`create table "ticket_notes" ("id" serial primary key, "company_id" int not null, "note" text not null, "ticket_id" int not null, "contact_id" int not null, "user_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);

    this.addSql(`create table "messages" ("id" bigserial primary key, "company_id" int not null, "ticket_id" int not null, "contact_id" int null, "whatsapp_id" int null, "provider_id" varchar(128) null, "body" text not null default '', "from_me" boolean not null default false, "read" boolean not null default false, "media_type" varchar(30) not null default 'chat', "media_path" varchar(255) null, "media_name" varchar(255) null, "data_json" jsonb null, "quoted_msg_id" bigint null, "ack" int not null default 0, "is_deleted" boolean not null default false, "is_edited" boolean not null default false, "old_messages" jsonb null, "source" varchar(12) not null default 'contact', "user_id" int null, "participant" varchar(64) null, "send_error" text null, "search_vector" tsvector generated always as (to_tsvector('simple', coalesce(body, ''))) stored null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create unique index "messages_whatsapp_provider_unique" on "messages" ("whatsapp_id", "provider_id") where "provider_id" is not null;`);
    this.addSql(`create index "messages_search_vector_index" on "messages" using gin ("search_vector");`);
    this.addSql(`create index "messages_ticket_id_created_at_index" on "messages" ("ticket_id", "created_at");`);

    this.addSql(`create table "whatsapp_queues" ("whatsapp_id" int not null, "queue_id" int not null, constraint "whatsapp_queues_pkey" primary key ("whatsapp_id", "queue_id"));`);

    this.addSql(`alter table "contacts" add constraint "contacts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "contact_custom_fields" add constraint "contact_custom_fields_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contact_custom_fields" add constraint "contact_custom_fields_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tags" add constraint "tags_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "quick_messages" add constraint "quick_messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quick_messages" add constraint "quick_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "whatsapps" add constraint "whatsapps_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tickets" add constraint "tickets_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ticket_trackings" add constraint "ticket_trackings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_trackings" add constraint "ticket_trackings_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "ticket_tags" add constraint "ticket_tags_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_tags" add constraint "ticket_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "ticket_notes" add constraint "ticket_notes_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_notes" add constraint "ticket_notes_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_notes" add constraint "ticket_notes_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_notes" add constraint "ticket_notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "messages" add constraint "messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "messages" add constraint "messages_quoted_msg_id_foreign" foreign key ("quoted_msg_id") references "messages" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "whatsapp_queues" add constraint "whatsapp_queues_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "whatsapp_queues" add constraint "whatsapp_queues_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "contact_custom_fields" drop constraint "contact_custom_fields_contact_id_foreign";`);

    this.addSql(`alter table "tickets" drop constraint "tickets_contact_id_foreign";`);

    this.addSql(`alter table "ticket_notes" drop constraint "ticket_notes_contact_id_foreign";`);

    this.addSql(`alter table "messages" drop constraint "messages_contact_id_foreign";`);

    this.addSql(`alter table "ticket_tags" drop constraint "ticket_tags_tag_id_foreign";`);

    this.addSql(`alter table "tickets" drop constraint "tickets_whatsapp_id_foreign";`);

    this.addSql(`alter table "whatsapp_queues" drop constraint "whatsapp_queues_whatsapp_id_foreign";`);

    this.addSql(`alter table "ticket_trackings" drop constraint "ticket_trackings_ticket_id_foreign";`);

    this.addSql(`alter table "ticket_tags" drop constraint "ticket_tags_ticket_id_foreign";`);

    this.addSql(`alter table "ticket_notes" drop constraint "ticket_notes_ticket_id_foreign";`);

    this.addSql(`alter table "messages" drop constraint "messages_ticket_id_foreign";`);

    this.addSql(`alter table "messages" drop constraint "messages_quoted_msg_id_foreign";`);

    this.addSql(`drop table if exists "contacts" cascade;`);

    this.addSql(`drop table if exists "contact_custom_fields" cascade;`);

    this.addSql(`drop table if exists "tags" cascade;`);

    this.addSql(`drop table if exists "quick_messages" cascade;`);

    this.addSql(`drop table if exists "whatsapps" cascade;`);

    this.addSql(`drop table if exists "tickets" cascade;`);

    this.addSql(`drop table if exists "ticket_trackings" cascade;`);

    this.addSql(`drop table if exists "ticket_tags" cascade;`);

    this.addSql(`drop table if exists "ticket_notes" cascade;`);

    this.addSql(`drop table if exists "messages" cascade;`);

    this.addSql(`drop table if exists "whatsapp_queues" cascade;`);
  }

}
