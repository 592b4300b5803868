import { Migration } from '@mikro-orm/migrations';

/** Help videos: platform-wide (no company, no tenant filter), changed by super users. */
export class Migration20261203100000_helps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "helps" ("id" serial primary key, "title" varchar(100) not null, "description" text not null default '', "video" varchar(11) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "helps" cascade;`);
  }
}
