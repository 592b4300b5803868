import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: message search through a full-text index of each company's own messages.
 *
 * Every search is within one company, but the GIN index on `search_vector` spanned all of them: a word rare in the
 * caller's company and common elsewhere (bench:scale's "zabumba": 80,000 messages of other companies, 14 of Big
 * Co's) had PostgreSQL fetch and recheck every one of those rows, 321 ms (64,000 heap blocks), and growing with the
 * other companies. A GIN index on (company_id, search_vector) (btree_gin gives the integer column a GIN operator
 * class) intersects the company with the word inside the index and fetches only the company's 14 rows: 55 ms. A
 * word rare everywhere stays under a millisecond (0.3 to 0.9 ms). The global index goes: one GIN index to keep up
 * on ingest, as before. btree_gin is a trusted extension: a database owner may create it.
 */
export class Migration20261227120000_company_search_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`create index "messages_company_search_index" on "messages" using gin ("company_id", "search_vector");`);
    this.addSql(`drop index if exists "messages_search_vector_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "messages_search_vector_index" on "messages" using gin ("search_vector");`);
    this.addSql(`drop index if exists "messages_company_search_index";`);
  }
}
