import { PERMISSION_RULES } from '../../common/access/permissions';
import type { Profile } from '../../common/access/vocabulary';

export interface PushTicket {
  id: number;
  userId: number | null;
  queueId: number | null;
}

export interface PushCandidate {
  id: number;
  profile: Profile;
  super: boolean;
  allTicket: string;
  queueIds: number[];
}

/**
 * The desktop notifications' rule (ui-kit use-ticket-notifications: who hears the ticket's socket event, then
 * `shouldNotify`), on the server: the ticket's attendant; while it has none, whoever sees it (showall holders, users
 * of its queue); and of those who see it, the users with allTicket 'enabled' even when it is someone else's.
 */
export function recipientsOf(ticket: PushTicket, users: PushCandidate[]): number[] {
  return users
    .filter((u) => {
      if (u.id === ticket.userId) return true;
      const sees = PERMISSION_RULES['tickets-manager:showall'](u) || (ticket.queueId != null && u.queueIds.includes(ticket.queueId));
      return sees && (ticket.userId == null || u.allTicket === 'enabled');
    })
    .map((u) => u.id);
}
