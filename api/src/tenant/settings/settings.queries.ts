import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of tenant/settings (see src/common/tenancy/README.md). */

const VALUES_OF = 'select s.key, s.value from settings s where s.company_id = :companyId and s.key = any(?::text[])';
const STORE = `insert into settings (company_id, key, value, created_at, updated_at) values (:companyId, ?, ?, now(), now())
  on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`;

export const STATEMENTS: Statements = { store: STORE, valuesOf: VALUES_OF };

/** The stored values of these keys, prepared (the distribution rules ask three at a time). */
export function storedValues(db: TenantSql, keys: readonly string[]): Promise<{ key: string; value: string }[]> {
  return db.prepared<{ key: string; value: string }>('setting-values', VALUES_OF, [keys]);
}

/** Creates or replaces a setting's value. */
export async function store(db: TenantSql, key: string, value: string): Promise<void> {
  await db.execute(STORE, [key, value], 'run');
}
