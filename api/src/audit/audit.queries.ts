import type { Statements } from '../common/tenancy/sql-statements';
import type { TenantSql } from '../common/tenancy/tenant-sql';

/** Every statement of audit (see src/common/tenancy/README.md). */

// The impersonator is a super user of another company: named by id, as the session loader checks them.
const ACTOR_NAMES = `select (select u.name from users u where u.id = ? and u.company_id = :companyId) as user_name,
        (select i.name from users i where i.id = ? and i.super) as impersonator_name`;

export const STATEMENTS: Statements = {
  actorNames: {
    sql: ACTOR_NAMES,
    unscoped: { i: 'the impersonator, a super user of any company: named by id and required to be super, as the session loader checks' },
  },
};

export interface ActorNames {
  user_name: string | null;
  impersonator_name: string | null;
}

/** The names of the acting user and of the super user impersonating them (id 0: none). */
export async function actorNames(db: TenantSql, userId: number, impersonatorId: number): Promise<ActorNames | undefined> {
  return (await db.execute<ActorNames>(ACTOR_NAMES, [userId, impersonatorId]))[0];
}
