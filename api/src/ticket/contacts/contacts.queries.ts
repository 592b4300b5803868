import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import { CONTACT_COLUMNS, type ContactRow } from '../tickets/tickets.queries';

/** Every statement of ticket/contacts (see src/common/tenancy/README.md). */

/** How a page's contacts match its search: all, by name, by name or number. */
export type ContactMatch = { kind: 'all' } | { kind: 'name'; name: string } | { kind: 'name-or-number'; name: string; number: string };

function matchOf(m: ContactMatch, alias = 'c'): { sql: string; binds: string[] } {
  if (m.kind === 'name') return { sql: `lower(${alias}.name) like ?`, binds: [m.name] };
  if (m.kind === 'name-or-number') return { sql: `(lower(${alias}.name) like ? or ${alias}.number like ?)`, binds: [m.name, m.number] };
  return { sql: 'true', binds: [] };
}

const PAGE_COLUMNS = `${CONTACT_COLUMNS}, c.company_id`;

/**
 * The whole list: the capped count and the page in one statement, rows not entities: the count's single row carries
 * the page, or one row with a null id. The page walks (company_id, name, id).
 */
const LIST_SQL = `select k.n, p.* from (select count(*)::int as n from (select 1 from contacts c where c.company_id = :companyId limit ?) x) k
  left join lateral (
    select ${PAGE_COLUMNS}
      from contacts c where c.company_id = :companyId
     order by c.name, c.id limit ? offset ?) p on true`;

/**
 * How many of a search's matches are read from the trigram indexes (company first) before its page walks the
 * company's names in order instead: under this many, sorting them is cheap (about 1 ms for 1,200); past it the
 * term is common enough that the walk meets a page soon.
 */
export const SEARCH_MATCHES_READ = 2000;

/**
 * A search: its first SEARCH_MATCHES_READ + 1 matches (`m`, from the trigram indexes), counted; when they are all of
 * them the page is theirs, sorted; otherwise the page walks (company_id, name, id) and checks each name. Walking
 * alone, as the planner chose for a limit of 20, a name common in the company but sorted late ("maria": 1,200 of
 * Big Co's 60,000) read every name before it (13-40 ms); a rare one, all of them. Never prepared: each branch's plan
 * depends on the term.
 */
const searchSql = (match: (alias: string) => string) => `with m as materialized (
    select c.id, c.name from contacts c where c.company_id = :companyId and ${match('c')} limit ?)
  select k.n, p.* from (select count(*)::int as n from m) k
  left join lateral (
    select ${PAGE_COLUMNS}
      from contacts c
     where c.company_id = :companyId and c.id in (
       (select s.id from m s where k.n <= ? order by s.name, s.id limit ? offset ?)
       union all
       (select w.id from contacts w where k.n > ? and w.company_id = :companyId and ${match('w')} order by w.name, w.id limit ? offset ?))
     order by c.name, c.id) p on true`;

const searchOf = (m: ContactMatch) => searchSql((alias) => matchOf(m, alias).sql);

/** Every contact of the company, id, name and number, in name order (GET /contacts/list, the pickers). */
const ALL_SQL = 'select c.id, c.name, c.number from contacts c where c.company_id = :companyId order by c.name, c.id';

/** Every contact's id, name and number, in name order: rows, not entities (60,000 entities cost 720 ms of API CPU). */
export function allContacts(db: TenantSql): Promise<{ id: number; name: string; number: string }[]> {
  return db.execute<{ id: number; name: string; number: string }>(ALL_SQL);
}

export const STATEMENTS: Statements = () => ({
  all: ALL_SQL,
  'page (all)': LIST_SQL,
  'page (name)': searchOf({ kind: 'name', name: '' }),
  'page (name or number)': searchOf({ kind: 'name-or-number', name: '', number: '' }),
});

/** A page of contacts in name order with their count up to `cap + 1` (a search counts up to SEARCH_MATCHES_READ + 1). */
export function contactPage(db: TenantSql, match: ContactMatch, cap: number, limit: number, offset: number): Promise<(ContactRow & { n: number })[]> {
  if (match.kind === 'all') return db.execute<ContactRow & { n: number }>(LIST_SQL, [cap + 1, limit, offset]);
  const { binds } = matchOf(match);
  const read = Math.max(SEARCH_MATCHES_READ, cap);
  return db.execute<ContactRow & { n: number }>(searchOf(match), [...binds, read + 1, read, limit, offset, read, ...binds, limit, offset]);
}
