import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: deleting an attendant at scale. tickets.user_id references users ON DELETE SET NULL with no index of its
 * own (the list indexes lead with the company), so every attendant deleted had PostgreSQL look for their tickets with
 * a scan of the whole table, every company's tickets, however few were theirs. A partial index of the assigned
 * tickets keeps that lookup to the deleted attendant's own: pending tickets (no attendant yet) are not in it.
 * bench:scale data (1,000,000 tickets, warm cache, in a transaction rolled back): deleting an attendant with no
 * tickets went from 152 ms to 5.5 ms, one with 9,800 tickets from 1,406 ms to 672 ms (setting each free). bench:ingest,
 * alternated with the commit before in the same hour: 2,014, 1,820 and 1,826 messages/s against 1,732, 1,924 and
 * 1,805 (its tickets have no attendant, so this measures the index's upkeep only when no attendant is set).
 * Queues, connections, prompts and integrations are left as they were (tickets/README.md, "Deletes").
 */
export class Migration20261229100000_ticket_user_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "tickets_user_id_index" on "tickets" ("user_id") where "user_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "tickets_user_id_index";`);
  }
}
