import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The executor of platform statements: SQL that crosses companies on purpose (the sweepers that find every company's
 * due work). It binds no company and its statements name none; each row it answers carries its own company_id, which
 * the caller turns into a CompanyId for the tenant-scoped work it queues. Its statements live in the `*.queries.ts`
 * with `platform: reason` in their STATEMENTS entry (the snapshot prints the reason; the tenant check skips them).
 */
export interface PlatformSql {
  execute<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export function platformSql(em: EntityManager): PlatformSql {
  return {
    execute: <T>(sql: string, params: readonly unknown[] = []) => em.execute<T[]>(sql, [...params]),
  };
}
