import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30: the audit log. Append-only from the application's side: a trigger refuses UPDATE and DELETE of its rows
 * (the application role could otherwise rewrite its own trail). No foreign keys: a deleted company or user keeps its
 * trail, and a company's deletion (which cascades) never reaches these rows.
 */
export class Migration20270102061500_audit_logs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_logs" (
      "id" bigserial primary key,
      "company_id" int null,
      "user_id" int null,
      "user_name" varchar(255) null,
      "impersonator_id" int null,
      "impersonator_name" varchar(255) null,
      "action" varchar(100) not null,
      "target_type" varchar(50) not null,
      "target_id" varchar(64) null,
      "changes" jsonb null,
      "method" varchar(10) null,
      "path" varchar(500) null,
      "ip" varchar(64) null,
      "user_agent" varchar(500) null,
      "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_logs_company_id_created_at_index" on "audit_logs" ("company_id", "created_at");`);
    this.addSql(`create index "audit_logs_created_at_index" on "audit_logs" ("created_at");`);
    this.addSql(`create or replace function audit_logs_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_logs is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`create trigger "audit_logs_append_only" before update or delete on "audit_logs"
      for each row execute function audit_logs_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "audit_logs_append_only" on "audit_logs";`);
    this.addSql(`drop function if exists audit_logs_append_only();`);
    this.addSql(`drop table if exists "audit_logs";`);
  }
}
