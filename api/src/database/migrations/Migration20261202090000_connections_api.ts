import { Migration } from '@mikro-orm/migrations';

/**
 * Connections managed over the API (issue 10):
 * - the external send-message API's token is stored as a SHA-256 hash (unique: it alone names the connection) with
 *   a short hint to recognise it by; the token itself is shown once, when made;
 * - a pairing code login: the number to pair (until connected) and the code to type on the phone;
 * - at most one default connection per company, and connection names unique per company (case-insensitive).
 */
export class Migration20261202090000_connections_api extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "whatsapps" drop column "token";`);
    this.addSql(`alter table "whatsapps" add column "token_hash" varchar(64) null, add column "token_hint" varchar(16) null;`);
    this.addSql(`alter table "whatsapps" add column "pairing_number" varchar(20) null, add column "pairing_code" varchar(16) null;`);
    this.addSql(`create unique index "whatsapps_token_hash_unique" on "whatsapps" ("token_hash") where "token_hash" is not null;`);
    this.addSql(`create unique index "whatsapps_one_default_per_company" on "whatsapps" ("company_id") where "is_default";`);
    this.addSql(`create unique index "whatsapps_name_per_company" on "whatsapps" ("company_id", lower("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "whatsapps_name_per_company";`);
    this.addSql(`drop index "whatsapps_one_default_per_company";`);
    this.addSql(`drop index "whatsapps_token_hash_unique";`);
    this.addSql(`alter table "whatsapps" drop column "pairing_code", drop column "pairing_number", drop column "token_hint", drop column "token_hash";`);
    this.addSql(`alter table "whatsapps" add column "token" varchar(100) null;`);
  }
}
