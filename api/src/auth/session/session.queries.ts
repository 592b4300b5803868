import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of auth/session (see src/common/tenancy/README.md). */

const BUMP_TOKEN_VERSION =
  'update users set token_version = token_version + 1 where id = ? and company_id = :companyId and token_version = ? returning token_version';

export const STATEMENTS: Statements = { bumpTokenVersion: BUMP_TOKEN_VERSION };

/** Ends the user's sessions while `tokenVersion` is still current: the new version, or null. */
export async function bumpTokenVersion(db: TenantSql, userId: number, tokenVersion: number): Promise<number | null> {
  return (await db.execute<{ token_version: number }>(BUMP_TOKEN_VERSION, [userId, tokenVersion]))[0]?.token_version ?? null;
}
