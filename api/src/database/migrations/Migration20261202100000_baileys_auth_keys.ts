import { Migration } from '@mikro-orm/migrations';

/**
 * The Baileys provider's auth state, one row per key (issue 10): a connection's credentials and each of its Signal
 * keys, so a write touches only the keys that changed and another worker resumes the login from here (no new QR).
 */
export class Migration20261202100000_baileys_auth_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "whatsapp_auth_keys" ("whatsapp_id" int not null, "type" varchar(40) not null, "key_id" text not null, "company_id" int not null, "value" jsonb not null, "updated_at" timestamptz not null, constraint "whatsapp_auth_keys_pkey" primary key ("whatsapp_id", "type", "key_id"));`,
    );
    this.addSql(
      `alter table "whatsapp_auth_keys" add constraint "whatsapp_auth_keys_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "whatsapp_auth_keys" add constraint "whatsapp_auth_keys_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "whatsapp_auth_keys" cascade;`);
  }
}
