import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of auth/password-reset (see src/common/tenancy/README.md). */

const COUNT_ATTEMPT = `update password_resets set attempts = attempts + 1
  where company_id = :companyId
    and id = (select l.id from password_resets l where l.company_id = :companyId and l.user_id = ? order by l.id desc limit 1)
    and used_at is null and expires_at > now() and attempts < ?
  returning id, code_hash`;
const SET_PASSWORD = `update users set password_hash = ?, token_version = token_version + 1, updated_at = now()
  where company_id = :companyId and id = ? returning token_version`;

export const STATEMENTS: Statements = { countAttempt: COUNT_ATTEMPT, setPassword: SET_PASSWORD };

/** The user's latest reset, if still live and under `maxAttempts`: counts one attempt on it. */
export async function countAttempt(db: TenantSql, userId: number, maxAttempts: number): Promise<{ id: number; code_hash: string } | undefined> {
  return (await db.execute<{ id: number; code_hash: string }>(COUNT_ATTEMPT, [userId, maxAttempts]))[0];
}

/** The new password, ending the user's sessions: the new token version. */
export async function setPassword(db: TenantSql, userId: number, passwordHash: string): Promise<number> {
  return (await db.execute<{ token_version: number }>(SET_PASSWORD, [passwordHash, userId]))[0].token_version;
}
