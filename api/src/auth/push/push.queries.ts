import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of auth/push (see src/common/tenancy/README.md). */

// The endpoint is the browser's: whoever subscribes with it last owns it, whatever company they were in.
const UPSERT_SUBSCRIPTION = `insert into push_subscriptions (company_id, user_id, browser_id, endpoint, p256dh, auth, user_agent, created_at, failures)
  values (:companyId, ?, ?, ?, ?, ?, ?, now(), 0)
  on conflict (endpoint) do update set company_id = excluded.company_id, user_id = excluded.user_id, browser_id = excluded.browser_id,
    p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, failures = 0
  returning id, user_id, browser_id, created_at`;
const DROP_OLD_SUBSCRIPTIONS = `delete from push_subscriptions where company_id = :companyId and user_id = ? and id <> ?
  and (browser_id = ? or id not in (select id from push_subscriptions where company_id = :companyId and user_id = ? order by id desc limit ?))`;

export const STATEMENTS: Statements = { dropOldSubscriptions: DROP_OLD_SUBSCRIPTIONS, upsertSubscription: UPSERT_SUBSCRIPTION };

export interface NewSubscription {
  userId: number;
  browserId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** The endpoint's subscription, now the user's. */
export async function upsertSubscription(db: TenantSql, s: NewSubscription): Promise<{ id: number; user_id: number; browser_id: string; created_at: Date }> {
  const [row] = await db.execute<{ id: number; user_id: number; browser_id: string; created_at: Date }>(UPSERT_SUBSCRIPTION, [
    s.userId,
    s.browserId,
    s.endpoint,
    s.p256dh,
    s.auth,
    s.userAgent,
  ]);
  return row;
}

/** The user's other subscriptions of this browser, and the oldest beyond `keep`, but `subscriptionId`. */
export async function dropOldSubscriptions(db: TenantSql, userId: number, subscriptionId: number, browserId: string, keep: number): Promise<void> {
  await db.execute(DROP_OLD_SUBSCRIPTIONS, [userId, subscriptionId, browserId, userId, keep], 'run');
}
