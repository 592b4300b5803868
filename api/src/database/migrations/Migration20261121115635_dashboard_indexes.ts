import { Migration } from '@mikro-orm/migrations';

export class Migration20261121115635_dashboard_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "contacts_company_id_created_at_index" on "contacts" ("company_id", "created_at");`);

    this.addSql(`create index "tickets_company_id_created_at_index" on "tickets" ("company_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "contacts_company_id_created_at_index";`);

    this.addSql(`drop index "tickets_company_id_created_at_index";`);
  }

}
