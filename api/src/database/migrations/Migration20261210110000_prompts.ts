import { Migration } from '@mikro-orm/migrations';

/**
 * AI prompts (automation/prompts). Connections, tickets and queues that name a prompt lose it when it is deleted
 * (ON DELETE SET NULL on whatsapps.prompt_id, tickets.prompt_id and queues.prompt_id). Keys are SecretBox-sealed text.
 */
export class Migration20261210110000_prompts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "prompts" ("id" serial primary key, "company_id" int not null, "name" varchar(100) not null, "prompt" text not null, "api_key" text not null, "queue_id" int null, "voice" varchar(100) not null default 'texto', "voice_key" text null, "voice_region" varchar(50) null, "max_tokens" int not null default 100, "temperature" double precision not null default 1, "max_messages" int not null default 10, "model" varchar(100) not null default 'gpt-4o-mini', "base_url" varchar(500) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "prompts_company_id_name_index" on "prompts" ("company_id", "name");`);
    this.addSql(`create index "prompts_queue_id_index" on "prompts" ("queue_id");`);
    this.addSql(`alter table "prompts" add constraint "prompts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "prompts" add constraint "prompts_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete set null;`);

    // Rows naming a prompt that never existed (there was no prompts table) would break the constraints.
    this.addSql(`update "whatsapps" set "prompt_id" = null where "prompt_id" is not null;`);
    this.addSql(`update "tickets" set "prompt_id" = null where "prompt_id" is not null;`);
    this.addSql(`alter table "whatsapps" add constraint "whatsapps_prompt_id_foreign" foreign key ("prompt_id") references "prompts" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_prompt_id_foreign" foreign key ("prompt_id") references "prompts" ("id") on update cascade on delete set null;`);
    // queues.prompt_id comes from Migration20261210100000_automation (earlier timestamp).
    // Guarded so this migration also runs on a tree without that one.
    this.addSql(`do $$ begin
      if exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'queues' and column_name = 'prompt_id') then
        update "queues" set "prompt_id" = null where "prompt_id" is not null;
        alter table "queues" add constraint "queues_prompt_id_foreign" foreign key ("prompt_id") references "prompts" ("id") on update cascade on delete set null;
      end if;
    end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "queues" drop constraint if exists "queues_prompt_id_foreign";`);
    this.addSql(`alter table "tickets" drop constraint if exists "tickets_prompt_id_foreign";`);
    this.addSql(`alter table "whatsapps" drop constraint if exists "whatsapps_prompt_id_foreign";`);
    this.addSql(`drop table if exists "prompts" cascade;`);
  }
}
