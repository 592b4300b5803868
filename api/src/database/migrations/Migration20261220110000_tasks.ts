import { Migration } from '@mikro-orm/migrations';

/**
 * Personal tasks (/todolist): one user's own to-do list, stored on the server. `description` holds sanitised HTML.
 * The index serves the only list query (the caller's tasks, pending first, newest first).
 */
export class Migration20261220110000_tasks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "tasks" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "text" varchar(500) not null, "description" text not null default '', "completed" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "tasks_company_id_user_id_completed_created_at_index" on "tasks" ("company_id", "user_id", "completed", "created_at");`);
    this.addSql(`alter table "tasks" add constraint "tasks_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tasks" cascade;`);
  }
}
