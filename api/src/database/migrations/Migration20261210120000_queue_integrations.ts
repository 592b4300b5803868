import { Migration } from '@mikro-orm/migrations';

/**
 * Queue integrations (automation/queue-integrations) and the typebot conversations of tickets. Connections,
 * tickets and queues that name an integration lose it when it is deleted (ON DELETE SET NULL on
 * whatsapps.integration_id, tickets.integration_id and queues.integration_id). Credentials are SecretBox-sealed text.
 */
export class Migration20261210120000_queue_integrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "queue_integrations" ("id" serial primary key, "company_id" int not null, "type" varchar(20) not null, "name" varchar(50) not null, "project_name" varchar(100) null, "json_content" text null, "language" varchar(10) not null default 'pt-BR', "url_n8n" text null, "url_frontend" text null, "typebot_delay_message" int not null default 1000, "typebot_expires" int not null default 1, "typebot_keyword_finish" varchar(100) null, "typebot_keyword_restart" varchar(100) null, "typebot_restart_message" text null, "typebot_slug" varchar(200) null, "typebot_unknown_message" text null, "secret" text null, "secret_hint" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "queue_integrations_company_id_name_index" on "queue_integrations" ("company_id", "name");`);
    this.addSql(`alter table "queue_integrations" add constraint "queue_integrations_type_check" check ("type" in ('dialogflow', 'n8n', 'webhook', 'typebot'));`);
    this.addSql(`alter table "queue_integrations" add constraint "queue_integrations_language_check" check ("language" in ('pt-BR', 'en', 'es'));`);
    this.addSql(`alter table "queue_integrations" add constraint "queue_integrations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "typebot_sessions" ("id" serial primary key, "company_id" int not null, "integration_id" int not null, "ticket_id" int not null, "session_id" varchar(200) not null, "choices" jsonb null, "last_activity_at" timestamptz not null);`);
    this.addSql(`create index "typebot_sessions_integration_id_index" on "typebot_sessions" ("integration_id");`);
    this.addSql(`alter table "typebot_sessions" add constraint "typebot_sessions_ticket_id_integration_id_unique" unique ("ticket_id", "integration_id");`);
    this.addSql(`alter table "typebot_sessions" add constraint "typebot_sessions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "typebot_sessions" add constraint "typebot_sessions_integration_id_foreign" foreign key ("integration_id") references "queue_integrations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "typebot_sessions" add constraint "typebot_sessions_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);

    // Rows naming an integration that never existed (there was no table) would break the constraints.
    this.addSql(`update "whatsapps" set "integration_id" = null where "integration_id" is not null;`);
    this.addSql(`update "tickets" set "integration_id" = null, "use_integration" = false where "integration_id" is not null;`);
    this.addSql(`alter table "whatsapps" add constraint "whatsapps_integration_id_foreign" foreign key ("integration_id") references "queue_integrations" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_integration_id_foreign" foreign key ("integration_id") references "queue_integrations" ("id") on update cascade on delete set null;`);
    // queues.integration_id comes from Migration20261210100000_automation (earlier timestamp); guarded like the prompts one.
    this.addSql(`do $$ begin
      if exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'queues' and column_name = 'integration_id') then
        update "queues" set "integration_id" = null where "integration_id" is not null;
        alter table "queues" add constraint "queues_integration_id_foreign" foreign key ("integration_id") references "queue_integrations" ("id") on update cascade on delete set null;
      end if;
    end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "queues" drop constraint if exists "queues_integration_id_foreign";`);
    this.addSql(`alter table "tickets" drop constraint if exists "tickets_integration_id_foreign";`);
    this.addSql(`alter table "whatsapps" drop constraint if exists "whatsapps_integration_id_foreign";`);
    this.addSql(`drop table if exists "typebot_sessions" cascade;`);
    this.addSql(`drop table if exists "queue_integrations" cascade;`);
  }
}
