import { Migration } from '@mikro-orm/migrations';

/**
 * Web push (auth/push). `push_vapid_keys` holds the platform's one VAPID key pair (row 1, private key sealed);
 * `push_subscriptions` each browser's subscription for a user, unique by endpoint across the platform.
 */
export class Migration20261220130000_push extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "push_vapid_keys" ("id" int not null, "public_key" varchar(100) not null, "private_key_sealed" text not null, "created_at" timestamptz not null, constraint "push_vapid_keys_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "push_subscriptions" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "browser_id" varchar(100) not null, "endpoint" text not null, "p256dh" varchar(100) not null, "auth" varchar(50) not null, "user_agent" varchar(255) null, "created_at" timestamptz not null, "last_success_at" timestamptz null, "failures" int not null default 0);`,
    );
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`);
    this.addSql(`create index "push_subscriptions_company_id_user_id_index" on "push_subscriptions" ("company_id", "user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
    this.addSql(`drop table if exists "push_vapid_keys" cascade;`);
  }
}
