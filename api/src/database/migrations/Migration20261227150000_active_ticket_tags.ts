import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: the open and pending lists filtered by a tag, and their badges, read only the tag's active tickets.
 *
 * A tag's links span every ticket it was ever put on, closed ones above all: Big Co's first tag has 22,355 links
 * and 1,332 of them are on open or pending tickets. The badges of a tag-filtered list hash-joined all 22,355 with
 * the 12,000 active tickets (10 ms) and the page did the same (6 ms), on every request of that tab.
 *
 * `ticket_tags.active` says whether the link's ticket is open or pending, and a partial index holds the active
 * links by tag, so those reads start from the 1,332. Triggers keep the flag:
 * - a new link takes its ticket's state (BEFORE INSERT, whoever inserts it: the ORM's collection or raw SQL);
 * - a ticket entering or leaving open/pending sets its links (AFTER UPDATE OF status, only when that changes).
 * A ticket's deletion takes its links with it (the foreign key's cascade); a new ticket has none yet.
 *
 * The column is SQL's: the entity declares it for the schema, and the app never writes it (an insert that names it
 * is overruled by the trigger). `rebuild_ticket_tags_active()` resets every flag from the tickets, for bulk loads run with
 * triggers disabled (`session_replication_role = replica`), such as the scale benchmark's generator.
 */
export class Migration20261227150000_active_ticket_tags extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "ticket_tags" add column "active" boolean not null default false;`);
    this.addSql(`create function ticket_tags_take_state() returns trigger language plpgsql as $$
      begin
        new.active := exists (select 1 from tickets t where t.id = new.ticket_id and t.status in ('open', 'pending'));
        return new;
      end $$;`);
    this.addSql(`create trigger "ticket_tags_take_state" before insert on "ticket_tags" for each row execute function ticket_tags_take_state();`);
    this.addSql(`create function ticket_tags_follow_status() returns trigger language plpgsql as $$
      begin
        update ticket_tags set active = new.status in ('open', 'pending') where ticket_id = new.id;
        return null;
      end $$;`);
    this.addSql(`create trigger "ticket_tags_follow_status" after update of "status" on "tickets" for each row
      when ((old.status in ('open', 'pending')) is distinct from (new.status in ('open', 'pending')))
      execute function ticket_tags_follow_status();`);
    this.addSql(`create function rebuild_ticket_tags_active() returns void language sql as $$
      update ticket_tags tt set active = t.status in ('open', 'pending')
        from tickets t where t.id = tt.ticket_id and tt.active is distinct from (t.status in ('open', 'pending'))
    $$;`);
    this.addSql(`select rebuild_ticket_tags_active();`);
    this.addSql(`create index "ticket_tags_active_index" on "ticket_tags" ("tag_id", "ticket_id") where "active";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "ticket_tags_active_index";`);
    this.addSql(`drop trigger if exists "ticket_tags_follow_status" on "tickets";`);
    this.addSql(`drop trigger if exists "ticket_tags_take_state" on "ticket_tags";`);
    this.addSql(`drop function if exists ticket_tags_follow_status();`);
    this.addSql(`drop function if exists ticket_tags_take_state();`);
    this.addSql(`drop function if exists rebuild_ticket_tags_active();`);
    this.addSql(`alter table "ticket_tags" drop column if exists "active";`);
  }
}
