import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: the open and pending badges of the ticket lists from maintained counters, and the dashboard's grouping
 * planned as a hash.
 *
 * `ticket_counts` holds how many open and pending tickets each (company, status, queue, user, group) has. Row
 * triggers on `tickets` keep it: an insert, a delete, and an update that changes one of those columns (queue or user
 * deletions set them to null through the foreign keys, which fire the trigger too). A ticket that moves takes one
 * from its old bucket and adds one to its new one, in key order, so two transactions moving tickets between the same
 * two buckets lock them in the same order and never deadlock each other. Updates that touch nothing counted (a new
 * message's preview and unread count, the most frequent write) do not run the trigger at all (its WHEN clause).
 *
 * The badges then sum at most a few hundred rows of a company whatever its size, where counting the active tickets
 * read all of them (12,000 in the benchmark's largest company, 1 to 3 ms on every list page).
 *
 * `rebuild_ticket_counts(company)` recounts from the tickets (every company when null): for bulk loads that ran
 * with triggers disabled (`session_replication_role = replica`), such as the scale benchmark's generator.
 *
 * The dashboard groups a period's cycles by (user, queue); without statistics on the pair the planner expected
 * tens of thousands of groups and sorted 47,000 rows on disk (50 ms) instead of hashing them into 100 (20 ms).
 */
export class Migration20261227100000_ticket_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "ticket_counts" (
      "company_id" int not null references "companies" ("id") on delete cascade,
      "status" varchar(255) not null,
      "queue_id" int null,
      "user_id" int null,
      "is_group" boolean not null,
      "n" int not null,
      constraint "ticket_counts_bucket_unique" unique nulls not distinct ("company_id", "status", "queue_id", "user_id", "is_group")
    );`);
    // Nothing for a company being deleted: its tickets go in the company's cascade, after its row, and a bucket
    // inserted for it then would break the foreign key (the company's own counters go in the same cascade).
    this.addSql(`create function ticket_counts_add(c int, s varchar, q int, u int, g boolean, d int) returns void language sql as $$
      insert into ticket_counts as k (company_id, status, queue_id, user_id, is_group, n)
      select c, s, q, u, g, d where exists (select 1 from companies where id = c)
      on conflict on constraint ticket_counts_bucket_unique do update set n = k.n + excluded.n
    $$;`);
    this.addSql(`create function ticket_counts_track() returns trigger language plpgsql as $$
      declare
        counted_old boolean := tg_op <> 'INSERT' and old.status in ('open', 'pending');
        counted_new boolean := tg_op <> 'DELETE' and new.status in ('open', 'pending');
      begin
        -- Both buckets in key order (see the migration's comment); no queue or user sorts as -1.
        if counted_old and counted_new
           and row(new.company_id, new.status, coalesce(new.queue_id, -1), coalesce(new.user_id, -1), new.is_group)
             < row(old.company_id, old.status, coalesce(old.queue_id, -1), coalesce(old.user_id, -1), old.is_group) then
          perform ticket_counts_add(new.company_id, new.status, new.queue_id, new.user_id, new.is_group, 1);
          perform ticket_counts_add(old.company_id, old.status, old.queue_id, old.user_id, old.is_group, -1);
          return null;
        end if;
        if counted_old then
          perform ticket_counts_add(old.company_id, old.status, old.queue_id, old.user_id, old.is_group, -1);
        end if;
        if counted_new then
          perform ticket_counts_add(new.company_id, new.status, new.queue_id, new.user_id, new.is_group, 1);
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger "tickets_counts_insert" after insert on "tickets" for each row
      when (new.status in ('open', 'pending')) execute function ticket_counts_track();`);
    this.addSql(`create trigger "tickets_counts_delete" after delete on "tickets" for each row
      when (old.status in ('open', 'pending')) execute function ticket_counts_track();`);
    this.addSql(`create trigger "tickets_counts_update" after update of "company_id", "status", "queue_id", "user_id", "is_group" on "tickets" for each row
      when ((old.company_id, old.status, old.queue_id, old.user_id, old.is_group) is distinct from (new.company_id, new.status, new.queue_id, new.user_id, new.is_group)
            and (old.status in ('open', 'pending') or new.status in ('open', 'pending')))
      execute function ticket_counts_track();`);
    this.addSql(`create function rebuild_ticket_counts(company int default null) returns void language sql as $$
      delete from ticket_counts where company is null or company_id = company;
      insert into ticket_counts (company_id, status, queue_id, user_id, is_group, n)
      select company_id, status, queue_id, user_id, is_group, count(*)::int from tickets
       where status in ('open', 'pending') and (company is null or company_id = company)
       group by company_id, status, queue_id, user_id, is_group;
    $$;`);
    this.addSql(`select rebuild_ticket_counts(null);`);
    this.addSql(`create statistics if not exists "ticket_trackings_user_queue_stats" (ndistinct) on "user_id", "queue_id" from "ticket_trackings";`);
    this.addSql(`analyze "ticket_trackings";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop statistics if exists "ticket_trackings_user_queue_stats";`);
    for (const t of ['tickets_counts_insert', 'tickets_counts_delete', 'tickets_counts_update']) this.addSql(`drop trigger if exists "${t}" on "tickets";`);
    this.addSql(`drop function if exists rebuild_ticket_counts(int);`);
    this.addSql(`drop function if exists ticket_counts_track();`);
    this.addSql(`drop function if exists ticket_counts_add(int, varchar, int, int, boolean, int);`);
    this.addSql(`drop table if exists "ticket_counts";`);
  }
}
