import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { Profile } from '../../common/access/vocabulary';

/** Every statement of ticket/push-notify (see src/common/tenancy/README.md). */

const SUBSCRIBED_USERS = `select u.id, u.profile, u.super, u.all_ticket,
        coalesce((select array_agg(uq.queue_id) from user_queues uq where uq.user_id = u.id), '{}') as queue_ids
   from users u
  where u.company_id = :companyId and exists (select 1 from push_subscriptions p where p.user_id = u.id and p.company_id = :companyId)`;
const TICKETS = `select t.id, t.uuid, t.user_id, t.queue_id, c.name as contact_name, c.profile_pic_url as picture
   from tickets t join contacts c on c.id = t.contact_id and c.company_id = :companyId
  where t.company_id = :companyId and t.id = any(?::int[])`;

export const STATEMENTS: Statements = { subscribedUsers: SUBSCRIBED_USERS, tickets: TICKETS };

export interface SubscribedUser {
  id: number;
  profile: Profile;
  super: boolean;
  all_ticket: string;
  queue_ids: number[];
}

/** The company's users with a push subscription, with what decides which tickets they are told of. */
export function subscribedUsers(db: TenantSql): Promise<SubscribedUser[]> {
  return db.execute<SubscribedUser>(SUBSCRIBED_USERS);
}

export interface PushTicketRow {
  id: number;
  uuid: string;
  user_id: number | null;
  queue_id: number | null;
  contact_name: string;
  picture: string | null;
}

/** The tickets with their contact's name and picture. */
export function pushTickets(db: TenantSql, ids: number[]): Promise<PushTicketRow[]> {
  return db.execute<PushTicketRow>(TICKETS, [ids]);
}
