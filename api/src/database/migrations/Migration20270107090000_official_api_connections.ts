import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35, the official WhatsApp Cloud API: a connection's Graph API ids, its sealed access token and app secret,
 * the webhook's verify token, the number's quality rating and messaging limit, and the templates chosen for its
 * automatic messages.
 */
export class Migration20270107090000_official_api_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "whatsapps" add column "cloud_phone_number_id" varchar(40) null, add column "cloud_business_account_id" varchar(40) null, add column "cloud_access_token" text null, add column "cloud_app_secret" text null, add column "cloud_verify_token" varchar(64) null, add column "quality_rating" varchar(16) null, add column "messaging_limit" varchar(32) null, add column "template_purposes" jsonb null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "whatsapps" drop column "cloud_phone_number_id", drop column "cloud_business_account_id", drop column "cloud_access_token", drop column "cloud_app_secret", drop column "cloud_verify_token", drop column "quality_rating", drop column "messaging_limit", drop column "template_purposes";`,
    );
  }
}
