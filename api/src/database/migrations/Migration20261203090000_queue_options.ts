import { Migration } from '@mikro-orm/migrations';

/**
 * Queue options: the chatbot menu of a queue, a tree. Deleting a queue or an option deletes every option below it
 * (foreign keys cascade); numbering 1..n among siblings is kept by the service under a row lock on the queue.
 */
export class Migration20261203090000_queue_options extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "queue_options" ("id" serial primary key, "company_id" int not null, "queue_id" int not null, "parent_id" int null, "title" varchar(100) not null, "message" text null, "option" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "queue_options_queue_id_parent_id_option_index" on "queue_options" ("queue_id", "parent_id", "option");`);

    this.addSql(`alter table "queue_options" add constraint "queue_options_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "queue_options" add constraint "queue_options_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "queue_options" add constraint "queue_options_parent_id_foreign" foreign key ("parent_id") references "queue_options" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "queue_options" drop constraint "queue_options_parent_id_foreign";`);

    this.addSql(`drop table if exists "queue_options" cascade;`);
  }
}
