import type { Statements } from '../tenancy/sql-statements';
import type { TenantSql } from '../tenancy/tenant-sql';
import { PLAN_FEATURES } from './permissions';
import type { Profile } from './vocabulary';

/** Every statement of common's access side: a session's row, a company's access and a user's queues (see src/common/tenancy/README.md). */

/** Each plan feature as a boolean column named as the feature. */
const FEATURE_COLUMNS = PLAN_FEATURES.map((f) => `p."${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}" as "${f}"`).join(', ');

// An impersonation lasts as long as the impersonator's own session (their version), whatever the user does.
const SESSION = `select u.id, u.company_id, u.profile, u.super, u.token_version, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone,
        (select i.token_version from users i where i.id = ? and i.super) as impersonator_version,
        exists (select 1 from refresh_tokens r where r.family = ?::uuid and r.revoked_at is null) as family_live,
        (select s.key_id from embed_sessions s join embed_keys k on k.id = s.key_id and k.company_id = :companyId
          where s.id = ?::uuid and s.company_id = :companyId and s.user_id = u.id and s.ended_at is null and s.expires_at > now() and k.revoked_at is null) as embed_key_id,
        ${FEATURE_COLUMNS}
   from users u join companies c on c.id = u.company_id join plans p on p.id = c.plan_id
  where u.id = ? and u.company_id = :companyId`;
const COMPANY_ACCESS = `select c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone, ${FEATURE_COLUMNS} from companies c join plans p on p.id = c.plan_id where c.id = :companyId`;
const USER_QUEUES =
  'select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = ? and q.company_id = :companyId order by uq.queue_id';

export const STATEMENTS: Statements = {
  companyAccess: COMPANY_ACCESS,
  session: {
    sql: SESSION,
    unscoped: {
      i: 'the impersonator, a super user of any company: named by the verified token and required to be super',
      r: "the impersonation's refresh family, named by the verified token (a random uuid), whichever company's row holds it",
    },
  },
  userQueues: USER_QUEUES,
};

/** A session's row; the plan's features are boolean columns named as the features. */
export type SessionRow = {
  id: number;
  company_id: number;
  profile: Profile;
  super: boolean;
  token_version: number;
  status: boolean;
  due_date: string | null;
  timezone: string;
  impersonator_version: number | null;
  family_live: boolean;
  /** The embed session's key while that session stands (not ended nor expired, its key not revoked); else null. */
  embed_key_id: number | null;
} & Record<string, boolean>;

/** The user's row with their company's state and plan, prepared (every request reads it). */
export async function sessionRow(
  db: TenantSql,
  userId: number,
  impersonatorId: number,
  family: string | null,
  embedSessionId: string | null,
): Promise<SessionRow | undefined> {
  return (await db.prepared<SessionRow>('session', SESSION, [impersonatorId, family, embedSessionId, userId]))[0];
}

export type CompanyAccessRow = { status: boolean; due_date: string | null; timezone: string } & Record<string, boolean>;

/** The company's state and plan. */
export async function companyAccess(db: TenantSql): Promise<CompanyAccessRow | undefined> {
  return (await db.execute<CompanyAccessRow>(COMPANY_ACCESS))[0];
}

/** The queues a user works in, within their company. */
export async function userQueueIds(db: TenantSql, userId: number): Promise<number[]> {
  return (await db.execute<{ queue_id: number }>(USER_QUEUES, [userId])).map((r) => r.queue_id);
}
