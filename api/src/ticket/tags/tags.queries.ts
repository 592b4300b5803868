import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of ticket/tags: a ticket's tag links (ticket_tags has no company; its ticket and tag do). See src/common/tenancy/README.md. */

/** Links the company's tags (ids) to the company's ticket; ids or a ticket of another company link nothing. */
const LINK = `insert into ticket_tags (ticket_id, tag_id)
  select t.id, g.id from tickets t join tags g on g.company_id = :companyId and g.id = any(?::int[])
  where t.company_id = :companyId and t.id = ?
  on conflict do nothing`;
const UNLINK_ALL = 'delete from ticket_tags tt using tickets t where tt.ticket_id = t.id and t.company_id = :companyId and t.id = ?';
const UNLINK_KANBAN = 'delete from ticket_tags where ticket_id = ? and tag_id in (select id from tags where company_id = :companyId and kanban = 1)';
/** Each tag's maintained count of links (Migration20270108120000_tag_counts): counting them walked every link. */
const COUNT_BY_TAG = 'select k.tag_id, k.n from tag_counts k where k.company_id = :companyId and k.tag_id = any(?::int[])';

export const STATEMENTS: Statements = { countByTag: COUNT_BY_TAG, link: LINK, unlinkAll: UNLINK_ALL, unlinkKanban: UNLINK_KANBAN };

/** Links the tags to the ticket (existing links stay). */
export async function link(db: TenantSql, ticketId: number, tagIds: number[]): Promise<void> {
  await db.execute(LINK, [tagIds, ticketId], 'run');
}

/** Removes every tag of the ticket. */
export async function unlinkAll(db: TenantSql, ticketId: number): Promise<void> {
  await db.execute(UNLINK_ALL, [ticketId], 'run');
}

/** Removes the ticket's kanban tags (its lane); the others stay. */
export async function unlinkKanban(db: TenantSql, ticketId: number): Promise<void> {
  await db.execute(UNLINK_KANBAN, [ticketId], 'run');
}

/** Tickets per tag id, for the given tags. */
export async function countByTag(db: TenantSql, tagIds: number[]): Promise<Map<number, number>> {
  const rows = await db.execute<{ tag_id: number; n: number }>(COUNT_BY_TAG, [tagIds]);
  return new Map(rows.map((r) => [Number(r.tag_id), Number(r.n)]));
}
