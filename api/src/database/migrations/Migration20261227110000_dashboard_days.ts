import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: the dashboard's period figures from a daily rollup of the attendance cycles.
 *
 * `ticket_tracking_days` holds, per company, local day (the company's time zone) of the cycle's end, user and queue,
 * what the dashboard sums: cycles, support seconds and how many had them, waiting seconds and how many, ratings of
 * 1 to 3 and how many. A 30-day dashboard of the benchmark's largest company then reads ~3,000 rows instead of
 * 48,000 cycles (30 to 40 ms of aggregation on every load).
 *
 * Row triggers on `ticket_trackings` keep it: a finished cycle inserted or deleted (a ticket's deletion cascades to
 * its cycles), and an update of any column it is summed from (a rating given after the close, a reopened cycle).
 * A changed cycle leaves its old day and joins its new one in key order, as `ticket_counts` does, so concurrent
 * moves never deadlock. A company's time zone change moves every cycle to another local day: a trigger on
 * `companies` rebuilds that company's days (a rare admin action; about a second for 200,000 cycles).
 *
 * The leads count (contacts created in the period, groups aside) reads a partial index of people only, index-only.
 */
export class Migration20261227110000_dashboard_days extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "ticket_tracking_days" (
      "company_id" int not null references "companies" ("id") on delete cascade,
      "day" date not null,
      "user_id" int null,
      "queue_id" int null,
      "n" int not null,
      "support_s" numeric not null,
      "support_n" int not null,
      "wait_s" numeric not null,
      "wait_n" int not null,
      "rating_s" int not null,
      "rating_n" int not null,
      constraint "ticket_tracking_days_bucket_unique" unique nulls not distinct ("company_id", "day", "user_id", "queue_id")
    );`);
    // One cycle's contribution, times `sign`, to its bucket: the expressions the dashboard summed over the cycles.
    // The join with companies also makes it nothing for a company being deleted (its cycles go in its cascade).
    this.addSql(`create function ticket_tracking_days_add(r ticket_trackings, sign int) returns void language sql as $$
      insert into ticket_tracking_days as k (company_id, day, user_id, queue_id, n, support_s, support_n, wait_s, wait_n, rating_s, rating_n)
      select r.company_id, (r.finished_at at time zone c.timezone)::date, r.user_id, r.queue_id, sign,
             sign * coalesce(extract(epoch from r.finished_at - r.started_at), 0), sign * (r.started_at is not null)::int,
             sign * coalesce(extract(epoch from r.started_at - r.queued_at), 0), sign * (r.started_at is not null and r.queued_at is not null)::int,
             sign * (case when r.rating between 1 and 3 then r.rating else 0 end), sign * (coalesce(r.rating between 1 and 3, false))::int
        from companies c where c.id = r.company_id
      on conflict on constraint ticket_tracking_days_bucket_unique do update set
        n = k.n + excluded.n, support_s = k.support_s + excluded.support_s, support_n = k.support_n + excluded.support_n,
        wait_s = k.wait_s + excluded.wait_s, wait_n = k.wait_n + excluded.wait_n,
        rating_s = k.rating_s + excluded.rating_s, rating_n = k.rating_n + excluded.rating_n
    $$;`);
    this.addSql(`create function ticket_tracking_days_track() returns trigger language plpgsql as $$
      declare
        counted_old boolean := tg_op <> 'INSERT' and old.finished_at is not null;
        counted_new boolean := tg_op <> 'DELETE' and new.finished_at is not null;
      begin
        -- Both buckets in key order (company, end, user, queue; none as -1): the same order in every transaction.
        if counted_old and counted_new
           and row(new.company_id, new.finished_at, coalesce(new.user_id, -1), coalesce(new.queue_id, -1))
             < row(old.company_id, old.finished_at, coalesce(old.user_id, -1), coalesce(old.queue_id, -1)) then
          perform ticket_tracking_days_add(new, 1);
          perform ticket_tracking_days_add(old, -1);
          return null;
        end if;
        if counted_old then perform ticket_tracking_days_add(old, -1); end if;
        if counted_new then perform ticket_tracking_days_add(new, 1); end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger "ticket_trackings_days_insert" after insert on "ticket_trackings" for each row
      when (new.finished_at is not null) execute function ticket_tracking_days_track();`);
    this.addSql(`create trigger "ticket_trackings_days_delete" after delete on "ticket_trackings" for each row
      when (old.finished_at is not null) execute function ticket_tracking_days_track();`);
    this.addSql(`create trigger "ticket_trackings_days_update"
      after update of "company_id", "user_id", "queue_id", "queued_at", "started_at", "finished_at", "rating" on "ticket_trackings" for each row
      when ((old.company_id, old.user_id, old.queue_id, old.queued_at, old.started_at, old.finished_at, old.rating)
              is distinct from (new.company_id, new.user_id, new.queue_id, new.queued_at, new.started_at, new.finished_at, new.rating)
            and (old.finished_at is not null or new.finished_at is not null))
      execute function ticket_tracking_days_track();`);
    this.addSql(`create function rebuild_ticket_tracking_days(company int default null) returns void language sql as $$
      delete from ticket_tracking_days where company is null or company_id = company;
      insert into ticket_tracking_days (company_id, day, user_id, queue_id, n, support_s, support_n, wait_s, wait_n, rating_s, rating_n)
      select r.company_id, (r.finished_at at time zone c.timezone)::date, r.user_id, r.queue_id, count(*)::int,
             coalesce(sum(extract(epoch from r.finished_at - r.started_at)), 0), count(r.started_at)::int,
             coalesce(sum(extract(epoch from r.started_at - r.queued_at)), 0), count(r.started_at - r.queued_at)::int,
             coalesce(sum(r.rating) filter (where r.rating between 1 and 3), 0)::int, (count(*) filter (where r.rating between 1 and 3))::int
        from ticket_trackings r join companies c on c.id = r.company_id
       where r.finished_at is not null and (company is null or r.company_id = company)
       group by 1, 2, 3, 4;
    $$;`);
    this.addSql(`create function companies_timezone_days() returns trigger language plpgsql as $$
      begin
        perform rebuild_ticket_tracking_days(new.id);
        return null;
      end
    $$;`);
    this.addSql(`create trigger "companies_timezone_days" after update of "timezone" on "companies" for each row
      when (old.timezone is distinct from new.timezone) execute function companies_timezone_days();`);
    this.addSql(`select rebuild_ticket_tracking_days(null);`);
    this.addSql(`create index "contacts_company_created_people_index" on "contacts" ("company_id", "created_at") where not "is_group";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contacts_company_created_people_index";`);
    this.addSql(`drop trigger if exists "companies_timezone_days" on "companies";`);
    for (const t of ['ticket_trackings_days_insert', 'ticket_trackings_days_delete', 'ticket_trackings_days_update']) {
      this.addSql(`drop trigger if exists "${t}" on "ticket_trackings";`);
    }
    this.addSql(`drop function if exists companies_timezone_days();`);
    this.addSql(`drop function if exists rebuild_ticket_tracking_days(int);`);
    this.addSql(`drop function if exists ticket_tracking_days_track();`);
    this.addSql(`drop function if exists ticket_tracking_days_add(ticket_trackings, int);`);
    this.addSql(`drop table if exists "ticket_tracking_days";`);
  }
}
