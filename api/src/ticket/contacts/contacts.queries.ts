import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { ContactRow } from '../tickets/tickets.queries';

/** Every statement of ticket/contacts (see src/common/tenancy/README.md). */

/** How a page's contacts match its search: all, by name, by name or number. */
export type ContactMatch = { kind: 'all' } | { kind: 'name'; name: string } | { kind: 'name-or-number'; name: string; number: string };

function matchOf(m: ContactMatch): { sql: string; binds: string[] } {
  if (m.kind === 'name') return { sql: 'lower(c.name) like ?', binds: [m.name] };
  if (m.kind === 'name-or-number') return { sql: '(lower(c.name) like ? or c.number like ?)', binds: [m.name, m.number] };
  return { sql: 'true', binds: [] };
}

/**
 * The capped count and the page in one statement, rows not entities: the count's single row carries the page, or
 * one row with a null id.
 */
const pageSql = (
  match: string,
) => `select k.n, p.* from (select count(*)::int as n from (select 1 from contacts c where c.company_id = :companyId and ${match} limit ?) x) k
  left join lateral (
    select c.id as contact_id, c.name as contact_name, c.number as contact_number, c.email as contact_email,
           c.profile_pic_url as contact_pic, c.is_group as contact_is_group, c.whatsapp_id as contact_whatsapp_id,
           c.company_id, c.created_at as contact_created_at, c.updated_at as contact_updated_at
      from contacts c where c.company_id = :companyId and ${match}
     order by c.name, c.id limit ? offset ?) p on true`;

export const STATEMENTS: Statements = () => ({
  'page (all)': pageSql(matchOf({ kind: 'all' }).sql),
  'page (name)': pageSql(matchOf({ kind: 'name', name: '' }).sql),
  'page (name or number)': pageSql(matchOf({ kind: 'name-or-number', name: '', number: '' }).sql),
});

/** A page of contacts in name order with their count up to `cap + 1`. */
export function contactPage(db: TenantSql, match: ContactMatch, cap: number, limit: number, offset: number): Promise<(ContactRow & { n: number })[]> {
  const { sql, binds } = matchOf(match);
  return db.execute<ContactRow & { n: number }>(pageSql(sql), [...binds, cap + 1, ...binds, limit, offset]);
}
