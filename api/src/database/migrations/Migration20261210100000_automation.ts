import { Migration } from '@mikro-orm/migrations';

/**
 * The automation module's state. Queues gain the agent that answers them (AI prompt or integration: foreign keys
 * are added by the prompts and queue-integrations migrations) and whether holidays close them. A closed ticket
 * asking for a rating keeps `rating_until`, so ingest routes the answer to it (the partial index serves that
 * lookup). `ticket_bots` holds where a ticket's chatbot conversation stands; `distribution_marks` when each
 * attendant last got a ticket from automatic distribution (its fairness).
 */
export class Migration20261210100000_automation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "queues" add column "prompt_id" int null, add column "integration_id" int null, add column "option_holidays" varchar(10) not null default 'disabled';`);
    this.addSql(`alter table "tickets" add column "rating_until" timestamptz null;`);
    this.addSql(
      `create index "tickets_rating_until_index" on "tickets" ("company_id", "contact_id", "whatsapp_id") where "rating_until" is not null;`,
    );

    this.addSql(
      `create table "ticket_bots" ("ticket_id" int not null primary key, "company_id" int not null, "stage" varchar(20) null, "option_id" int null, "attempts" int not null default 0, "menu_sent_at" timestamptz null, "expires_at" timestamptz null, "out_of_hours_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "ticket_bots_expires_at_index" on "ticket_bots" ("expires_at") where "expires_at" is not null;`);
    this.addSql(`create index "ticket_bots_company_id_index" on "ticket_bots" ("company_id");`);
    this.addSql(`alter table "ticket_bots" add constraint "ticket_bots_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_bots" add constraint "ticket_bots_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "ticket_bots" add constraint "ticket_bots_option_id_foreign" foreign key ("option_id") references "queue_options" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "distribution_marks" ("user_id" int not null primary key, "company_id" int not null, "last_assigned_at" timestamptz not null);`);
    this.addSql(`create index "distribution_marks_company_id_index" on "distribution_marks" ("company_id");`);
    this.addSql(`alter table "distribution_marks" add constraint "distribution_marks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "distribution_marks" add constraint "distribution_marks_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "distribution_marks" cascade;`);
    this.addSql(`drop table if exists "ticket_bots" cascade;`);
    this.addSql(`drop index if exists "tickets_rating_until_index";`);
    this.addSql(`alter table "tickets" drop column if exists "rating_until";`);
    this.addSql(`alter table "queues" drop column if exists "prompt_id", drop column if exists "integration_id", drop column if exists "option_holidays";`);
  }
}
