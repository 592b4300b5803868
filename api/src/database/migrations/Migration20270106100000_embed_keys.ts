import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32, partner-minted sessions: a company's embed keys (sealed secret, allowed origins), the embed sessions their
 * tokens were exchanged for ((key_id, jti) unique: a partner token is good once), and users' external ids (unique
 * per company), by which a partner's token may name a user.
 */
export class Migration20270106100000_embed_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "embed_keys" ("id" serial primary key, "company_id" int not null, "key_id" varchar(40) not null, "name" varchar(100) not null, "allowed_origins" text[] not null, "secret" text not null, "created_by_id" int null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null);`,
    );
    this.addSql(`create index "embed_keys_company_id_index" on "embed_keys" ("company_id");`);
    this.addSql(`alter table "embed_keys" add constraint "embed_keys_key_id_unique" unique ("key_id");`);

    this.addSql(
      `create table "embed_sessions" ("id" uuid not null, "company_id" int not null, "user_id" int not null, "key_id" int not null, "jti" varchar(200) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "ended_at" timestamptz null, constraint "embed_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "embed_sessions_user_id_index" on "embed_sessions" ("user_id");`);
    this.addSql(`create index "embed_sessions_expires_at_index" on "embed_sessions" ("expires_at");`);
    this.addSql(`alter table "embed_sessions" add constraint "embed_sessions_key_id_jti_unique" unique ("key_id", "jti");`);

    this.addSql(
      `alter table "embed_keys" add constraint "embed_keys_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "embed_keys" add constraint "embed_keys_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "embed_sessions" add constraint "embed_sessions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "embed_sessions" add constraint "embed_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "embed_sessions" add constraint "embed_sessions_key_id_foreign" foreign key ("key_id") references "embed_keys" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "users" add column "external_id" varchar(255) null;`);
    this.addSql(`alter table "users" add constraint "users_company_id_external_id_unique" unique ("company_id", "external_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "embed_sessions" drop constraint "embed_sessions_key_id_foreign";`);

    this.addSql(`drop table if exists "embed_keys" cascade;`);

    this.addSql(`drop table if exists "embed_sessions" cascade;`);

    this.addSql(`alter table "users" drop constraint "users_company_id_external_id_unique";`);
    this.addSql(`alter table "users" drop column "external_id";`);
  }
}
