import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 36: a tag's `ticketsCount` (GET /tags, /tags/list) from a maintained counter. Counting each tag's links on
 * every read walked them all: 91,000 links of Big Co's ten tags, 8-16 ms of PostgreSQL for a list the console loads
 * with every ticket filter, and growing with the company's history.
 *
 * `tag_counts` holds each tag's number of links (tickets carrying it). Row triggers on `ticket_tags` keep it: an
 * insert adds one, a delete takes one (a ticket's deletion removes its links through the foreign key, which fires
 * them too), an update of the tag moves one. A tag (or a company) being deleted has no row any more when its links go
 * in the cascade: nothing is inserted for it, and its counter goes in the same cascade.
 *
 * `rebuild_tag_counts(company)` recounts from the links (every company when null), for bulk loads with triggers off.
 */
export class Migration20270108120000_tag_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "tag_counts" (
      "tag_id" int primary key references "tags" ("id") on delete cascade,
      "company_id" int not null references "companies" ("id") on delete cascade,
      "n" int not null
    );`);
    this.addSql(`create index "tag_counts_company_id_index" on "tag_counts" ("company_id");`);
    this.addSql(`create function tag_counts_add(t int, d int) returns void language sql as $$
      insert into tag_counts as k (tag_id, company_id, n)
      select g.id, g.company_id, d from tags g where g.id = t and exists (select 1 from companies c where c.id = g.company_id)
      on conflict (tag_id) do update set n = k.n + excluded.n
    $$;`);
    this.addSql(`create function tag_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.tag_id = new.tag_id then return null; end if;
        if tg_op <> 'INSERT' then perform tag_counts_add(old.tag_id, -1); end if;
        if tg_op <> 'DELETE' then perform tag_counts_add(new.tag_id, 1); end if;
        return null;
      end
    $$;`);
    this.addSql(
      `create trigger "ticket_tags_counts" after insert or delete or update of "tag_id" on "ticket_tags" for each row execute function tag_counts_track();`,
    );
    this.addSql(`create function rebuild_tag_counts(company int default null) returns void language sql as $$
      delete from tag_counts where company is null or company_id = company;
      insert into tag_counts (tag_id, company_id, n)
      select g.id, g.company_id, count(*)::int from ticket_tags tt join tags g on g.id = tt.tag_id
       where company is null or g.company_id = company
       group by g.id, g.company_id;
    $$;`);
    this.addSql(`select rebuild_tag_counts(null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "ticket_tags_counts" on "ticket_tags";`);
    this.addSql(`drop function if exists tag_counts_track();`);
    this.addSql(`drop function if exists tag_counts_add(int, int);`);
    this.addSql(`drop function if exists rebuild_tag_counts(int);`);
    this.addSql(`drop table if exists "tag_counts";`);
  }
}
