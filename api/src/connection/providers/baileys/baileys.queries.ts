import type { Statements } from '../../../common/tenancy/sql-statements';
import type { TenantSql } from '../../../common/tenancy/tenant-sql';

/** Every statement of the Baileys auth store: one connection's keys (see src/common/tenancy/README.md). */

const CLEAR_ALL = 'delete from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ?';
const READ_ONE = 'select value::text as value from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ? and type = ? and key_id = ?';
const READ_MANY =
  'select key_id, value::text as value from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ? and type = ? and key_id = any(?::text[])';
const CLEAR_BUT = 'delete from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ? and type <> ?';
const CLEAR_TYPES = 'delete from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ? and type = any(?::text[])';
const UPSERT = `insert into whatsapp_auth_keys (whatsapp_id, company_id, type, key_id, value, updated_at)
  select ?, :companyId, u.t, u.k, u.v::jsonb, now() from unnest(?::text[], ?::text[], ?::text[]) as u(t, k, v)
  on conflict (whatsapp_id, type, key_id) do update set value = excluded.value, updated_at = excluded.updated_at
  where whatsapp_auth_keys.company_id = excluded.company_id`;
const DELETE_KEYS = `delete from whatsapp_auth_keys where company_id = :companyId and whatsapp_id = ?
  and (type, key_id) in (select * from unnest(?::text[], ?::text[]))`;

export const STATEMENTS: Statements = {
  clearAll: CLEAR_ALL,
  clearBut: CLEAR_BUT,
  clearTypes: CLEAR_TYPES,
  deleteKeys: DELETE_KEYS,
  readMany: READ_MANY,
  readOne: READ_ONE,
  upsert: UPSERT,
};

/** Deletes the connection's whole auth state. */
export async function clearAll(db: TenantSql, whatsappId: number): Promise<void> {
  await db.execute(CLEAR_ALL, [whatsappId], 'run');
}

/** One key's stored JSON text. */
export async function readOne(db: TenantSql, whatsappId: number, type: string, id: string): Promise<string | null> {
  return (await db.execute<{ value: string }>(READ_ONE, [whatsappId, type, id]))[0]?.value ?? null;
}

/** Keys of one type by id, as stored JSON text. */
export function readMany(db: TenantSql, whatsappId: number, type: string, ids: string[]): Promise<{ key_id: string; value: string }[]> {
  return db.execute<{ key_id: string; value: string }>(READ_MANY, [whatsappId, type, ids]);
}

/** Deletes every key but those of type `keep`. */
export async function clearBut(db: TenantSql, whatsappId: number, keep: string): Promise<void> {
  await db.execute(CLEAR_BUT, [whatsappId, keep], 'run');
}

/** Deletes the keys of the given types. */
export async function clearTypes(db: TenantSql, whatsappId: number, types: string[]): Promise<void> {
  await db.execute(CLEAR_TYPES, [whatsappId, types], 'run');
}

/** Creates or replaces keys (never another company's row). */
export async function upsertKeys(db: TenantSql, whatsappId: number, keys: { type: string; id: string; value: string }[]): Promise<void> {
  await db.execute(UPSERT, [whatsappId, keys.map((u) => u.type), keys.map((u) => u.id), keys.map((u) => u.value)], 'run');
}

/** Deletes keys by type and id. */
export async function deleteKeys(db: TenantSql, whatsappId: number, keys: { type: string; id: string }[]): Promise<void> {
  await db.execute(DELETE_KEYS, [whatsappId, keys.map((d) => d.type), keys.map((d) => d.id)], 'run');
}
