import { Migration } from '@mikro-orm/migrations';

/**
 * The internal chat (ticket module): `chats` with their members (`chat_users`, each with their unread count) and
 * messages (`chat_messages`). A user's list reads their memberships (chat_users_user_id_index) and orders the chats
 * by updated_at; a chat's messages are read newest first by (chat_id, id).
 */
export class Migration20261220100000_chats extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "chats" ("id" serial primary key, "uuid" uuid not null, "title" varchar(255) not null, "owner_id" int null, "last_message" text not null default '', "company_id" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "chats" add constraint "chats_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "chats_company_id_updated_at_index" on "chats" ("company_id", "updated_at");`);

    this.addSql(
      `create table "chat_users" ("id" serial primary key, "chat_id" int not null, "user_id" int not null, "unreads" int not null default 0, "company_id" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "chat_users_user_id_index" on "chat_users" ("user_id");`);
    this.addSql(`alter table "chat_users" add constraint "chat_users_chat_id_user_id_unique" unique ("chat_id", "user_id");`);

    this.addSql(
      `create table "chat_messages" ("id" serial primary key, "chat_id" int not null, "sender_id" int null, "message" text not null, "company_id" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "chat_messages_chat_id_id_index" on "chat_messages" ("chat_id", "id");`);

    this.addSql(`alter table "chats" add constraint "chats_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "chats" add constraint "chats_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "chat_users" add constraint "chat_users_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_users" add constraint "chat_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_users" add constraint "chat_users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "chat_messages" add constraint "chat_messages_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "chat_messages" add constraint "chat_messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "chat_messages" add constraint "chat_messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "chat_messages" cascade;`);
    this.addSql(`drop table if exists "chat_users" cascade;`);
    this.addSql(`drop table if exists "chats" cascade;`);
  }
}
