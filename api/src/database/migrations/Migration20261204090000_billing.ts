import { Migration } from '@mikro-orm/migrations';

/**
 * Billing: invoices (one live invoice per company and due date, so the issuing job is idempotent) and the Pix
 * charges of each invoice (txid unique; a payment's end-to-end id unique, so a replayed notice settles nothing twice).
 */
export class Migration20261204090000_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "invoices" ("id" serial primary key, "company_id" int not null, "plan_id" int null, "detail" varchar(255) not null, "value" numeric(10,2) not null, "period_months" int not null default 1, "due_date" date not null, "status" varchar(10) not null default 'open', "paid_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "invoices_company_id_due_date_index" on "invoices" ("company_id", "due_date");`);
    this.addSql(`create unique index "invoices_live_per_due_date" on "invoices" ("company_id", "due_date") where "status" <> 'cancelled';`);
    this.addSql(`alter table "invoices" add constraint "invoices_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "pix_charges" ("id" serial primary key, "company_id" int not null, "invoice_id" int not null, "plan_id" int null, "gateway" varchar(20) not null, "txid" varchar(35) not null, "value" numeric(10,2) not null, "pix_code" text not null, "qr_image" text null, "status" varchar(10) not null default 'pending', "expires_at" timestamptz not null, "paid_at" timestamptz null, "end_to_end_id" varchar(64) null, "payer" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "pix_charges" add constraint "pix_charges_txid_unique" unique ("txid");`);
    this.addSql(`alter table "pix_charges" add constraint "pix_charges_end_to_end_id_unique" unique ("end_to_end_id");`);
    this.addSql(`create index "pix_charges_company_id_invoice_id_index" on "pix_charges" ("company_id", "invoice_id");`);
    this.addSql(`alter table "pix_charges" add constraint "pix_charges_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "pix_charges" add constraint "pix_charges_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "pix_charges" add constraint "pix_charges_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pix_charges" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
  }
}
