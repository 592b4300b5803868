import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of campaign/contact-lists (see src/common/tenancy/README.md). */

const SET_VALIDITY = `update "contact_list_items" set "is_whatsapp_valid" = v."valid", "updated_at" = now()
  from jsonb_to_recordset(?::jsonb) as v("id" int, "valid" boolean)
  where "contact_list_items"."id" = v."id" and "company_id" = :companyId and "contact_list_id" = ?`;
/** One statement for a batch; `xmax = 0` tells a row inserted from one updated. */
const UPSERT_ITEMS = `insert into "contact_list_items" ("company_id", "contact_list_id", "name", "number", "email", "created_at", "updated_at")
  select :companyId, ?, r."name", r."number", r."email", now(), now() from jsonb_to_recordset(?::jsonb) as r("name" text, "number" text, "email" text)
  on conflict ("contact_list_id", "number") do update set "name" = excluded."name", "email" = excluded."email", "updated_at" = now()
  returning (xmax = 0) as "inserted"`;

export const STATEMENTS: Statements = { setValidity: SET_VALIDITY, upsertItems: UPSERT_ITEMS };

/** Whether each item's number has WhatsApp, as checked. */
export async function setValidity(db: TenantSql, contactListId: number, items: { id: number; valid: boolean }[]): Promise<void> {
  await db.execute(SET_VALIDITY, [JSON.stringify(items), contactListId], 'run');
}

/** Adds or updates a batch of items by number: how many were added and how many updated. */
export async function upsertItems(
  db: TenantSql,
  contactListId: number,
  rows: { name: string; number: string; email: string | null }[],
): Promise<{ added: number; updated: number }> {
  const result = await db.execute<{ inserted: boolean }>(UPSERT_ITEMS, [contactListId, JSON.stringify(rows)]);
  const added = result.filter((r) => r.inserted).length;
  return { added, updated: result.length - added };
}
