import { Migration } from '@mikro-orm/migrations';

export class Migration20261121110609_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "plans" ("id" serial primary key, "name" varchar(100) not null, "users" int not null default 1, "connections" int not null default 1, "queues" int not null default 1, "value" numeric(10,2) not null default '0', "use_campaigns" boolean not null default false, "use_schedules" boolean not null default false, "use_internal_chat" boolean not null default false, "use_external_api" boolean not null default false, "use_kanban" boolean not null default false, "use_open_ai" boolean not null default false, "use_integrations" boolean not null default false, "white_label" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "plans" add constraint "plans_name_unique" unique ("name");`);

    this.addSql(`create table "companies" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(255) null, "phone" varchar(30) null, "status" boolean not null default true, "due_date" date null, "recurrence" varchar(20) not null default 'MENSAL', "trial_expiration" timestamptz null, "campaigns_enabled" boolean not null default false, "plan_id" int not null, "schedules" jsonb not null default '[{"weekday":"Segunda-feira","weekdayEn":"monday","startTime":"09:00","endTime":"18:00"},{"weekday":"Terça-feira","weekdayEn":"tuesday","startTime":"09:00","endTime":"18:00"},{"weekday":"Quarta-feira","weekdayEn":"wednesday","startTime":"09:00","endTime":"18:00"},{"weekday":"Quinta-feira","weekdayEn":"thursday","startTime":"09:00","endTime":"18:00"},{"weekday":"Sexta-feira","weekdayEn":"friday","startTime":"09:00","endTime":"18:00"},{"weekday":"Sábado","weekdayEn":"saturday","startTime":"09:00","endTime":"12:00"},{"weekday":"Domingo","weekdayEn":"sunday","startTime":"00:00","endTime":"00:00"}]', "timezone" varchar(64) not null default 'America/Sao_Paulo', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "companies" add constraint "companies_name_unique" unique ("name");`);

    this.addSql(`create table "queues" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "color" varchar(9) not null, "order_queue" int null, "greeting_message" text null, "out_of_hours_message" text null, "schedules" jsonb not null default '[{"weekday":"Segunda-feira","weekdayEn":"monday","startTime":"09:00","endTime":"18:00"},{"weekday":"Terça-feira","weekdayEn":"tuesday","startTime":"09:00","endTime":"18:00"},{"weekday":"Quarta-feira","weekdayEn":"wednesday","startTime":"09:00","endTime":"18:00"},{"weekday":"Quinta-feira","weekdayEn":"thursday","startTime":"09:00","endTime":"18:00"},{"weekday":"Sexta-feira","weekdayEn":"friday","startTime":"09:00","endTime":"18:00"},{"weekday":"Sábado","weekdayEn":"saturday","startTime":"09:00","endTime":"12:00"},{"weekday":"Domingo","weekdayEn":"sunday","startTime":"00:00","endTime":"00:00"}]', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "queues" add constraint "queues_company_id_name_unique" unique ("company_id", "name");`);
    this.addSql(`alter table "queues" add constraint "queues_company_id_color_unique" unique ("company_id", "color");`);

    this.addSql(`create table "settings" ("id" serial primary key, "company_id" int not null, "key" varchar(100) not null, "value" text not null default '', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "settings" add constraint "settings_company_id_key_unique" unique ("company_id", "key");`);

    this.addSql(`create table "users" ("id" serial primary key, "company_id" int not null, "name" varchar(50) not null, "email" varchar(255) not null, "password_hash" varchar(100) not null, "profile" varchar(20) not null default 'user', "super" boolean not null default false, "whatsapp_id" int null, "create_ticket" varchar(12) not null default 'habilitado', "view_all_message_ticket" varchar(12) not null default 'desabilitado', "automatic_distribution" varchar(12) not null default 'desabilitado', "all_ticket" varchar(10) not null default 'disabled', "online" boolean not null default false, "last_seen_at" timestamptz null, "token_version" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "users_company_id_index" on "users" ("company_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "refresh_tokens" ("id" uuid not null, "family" uuid not null, "user_id" int not null, "company_id" int not null, "token_hash" varchar(64) not null, "token_version" int not null, "impersonator_id" int null, "expires_at" timestamptz not null, "rotated_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, constraint "refresh_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "refresh_tokens_family_index" on "refresh_tokens" ("family");`);
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "password_resets" ("id" serial primary key, "user_id" int not null, "company_id" int not null, "code_hash" varchar(64) not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`create table "user_queues" ("user_id" int not null, "queue_id" int not null, constraint "user_queues_pkey" primary key ("user_id", "queue_id"));`);

    this.addSql(`alter table "companies" add constraint "companies_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "queues" add constraint "queues_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "settings" add constraint "settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add constraint "users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "password_resets" add constraint "password_resets_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_queues" add constraint "user_queues_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_queues" add constraint "user_queues_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "companies" drop constraint "companies_plan_id_foreign";`);

    this.addSql(`alter table "queues" drop constraint "queues_company_id_foreign";`);

    this.addSql(`alter table "settings" drop constraint "settings_company_id_foreign";`);

    this.addSql(`alter table "users" drop constraint "users_company_id_foreign";`);

    this.addSql(`alter table "refresh_tokens" drop constraint "refresh_tokens_company_id_foreign";`);

    this.addSql(`alter table "password_resets" drop constraint "password_resets_company_id_foreign";`);

    this.addSql(`alter table "user_queues" drop constraint "user_queues_queue_id_foreign";`);

    this.addSql(`alter table "refresh_tokens" drop constraint "refresh_tokens_user_id_foreign";`);

    this.addSql(`alter table "password_resets" drop constraint "password_resets_user_id_foreign";`);

    this.addSql(`alter table "user_queues" drop constraint "user_queues_user_id_foreign";`);

    this.addSql(`drop table if exists "plans" cascade;`);

    this.addSql(`drop table if exists "companies" cascade;`);

    this.addSql(`drop table if exists "queues" cascade;`);

    this.addSql(`drop table if exists "settings" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "refresh_tokens" cascade;`);

    this.addSql(`drop table if exists "password_resets" cascade;`);

    this.addSql(`drop table if exists "user_queues" cascade;`);
  }

}
