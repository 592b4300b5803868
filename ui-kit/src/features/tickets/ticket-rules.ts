import type { components } from '../../client';
import { can, type Me } from '../../provider/session-rules';

type Schemas = components['schemas'];
export type Ticket = Schemas['TicketDto'];
export type Message = Schemas['MessageDto'];

/**
 * The attendance rules of the spec (attendance.md §4 to §6; who may do what in general is provider/session-rules.ts) as pure functions, shared by the ticket list, the
 * conversation header, the composer and the console's routes, so that each rule is written once and tested once.
 * The server enforces the same rules; these decide what the screens offer.
 */

/** Spec §9: a message can be edited or deleted for 15 minutes after it was sent. */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;

/** `groupsIsTeckets` enabled: group tickets are worked without accepting (no accept, close or reopen buttons). */
export const groupsAsTickets = (settings: Record<string, string>): boolean => settings.groupsIsTeckets === 'enabled';
/** `groupsTab` enabled: group tickets have their own tab. */
export const showGroupsTab = (settings: Record<string, string>): boolean => settings.groupsTab === 'enabled';

/** Which status actions a ticket offers (list item and conversation header). */
export interface TicketActions {
  accept: boolean;
  /** Back to pending (open tickets). */
  returnToPending: boolean;
  close: boolean;
  reopen: boolean;
}

const NONE: TicketActions = { accept: false, returnToPending: false, close: false, reopen: false };

/**
 * Spec §4: pending -> open (accept), open -> pending (return), open or pending -> closed, closed -> open (reopen).
 * With groups as tickets, a group ticket shows none of accept, close and reopen.
 */
export function ticketActions(ticket: Pick<Ticket, 'status' | 'isGroup'>, settings: Record<string, string>): TicketActions {
  if (ticket.isGroup && groupsAsTickets(settings)) return NONE;
  switch (ticket.status) {
    case 'pending':
      return { ...NONE, accept: true, close: true };
    case 'open':
      return { ...NONE, returnToPending: true, close: true };
    case 'closed':
      return { ...NONE, reopen: true };
    default:
      return NONE;
  }
}

/**
 * Spec §4 keeps a pending ticket from being worked before it is accepted (unless groups are tickets and it is a
 * group). It still opens by a click, read only: the attendant reads what the customer wrote, the composer gives
 * way to the accept button, and nothing is marked read (issue 29).
 */
export function opensReadOnly(ticket: Pick<Ticket, 'status' | 'isGroup'>, settings: Record<string, string>): boolean {
  return ticket.status === 'pending' && !(ticket.isGroup && groupsAsTickets(settings));
}

/** Spec §4, message input: the ticket must be open, except group tickets when groups are tickets. */
export function composerEnabled(ticket: Pick<Ticket, 'status' | 'isGroup'>, settings: Record<string, string>): boolean {
  return ticket.status === 'open' || (ticket.isGroup && groupsAsTickets(settings));
}

/** Spec §5: edit and delete only for own messages (sent from here), within 15 minutes, not already deleted. */
export function canEditMessage(message: Pick<Message, 'fromMe' | 'createdAt' | 'isDeleted'>, now: number = Date.now()): boolean {
  return message.fromMe && !message.isDeleted && now - Date.parse(message.createdAt) < MESSAGE_EDIT_WINDOW_MS;
}

/**
 * Spec §5, ticket access: a non-admin whose queues do not include the ticket's queue gets 'Acesso não permitido';
 * admins (who pass `tickets-manager:showall`) and group tickets with groups-as-tickets are exempt, and a ticket
 * assigned to the user is theirs. The same rule as the API's TicketAccessService.
 */
export function canViewTicket(
  ticket: Pick<Ticket, 'queueId' | 'userId' | 'isGroup'>,
  me: Pick<Me, 'id' | 'permissions' | 'queues'>,
  settings: Record<string, string>,
): boolean {
  if (can(me, 'tickets-manager:showall') || ticket.userId === me.id) return true;
  if (ticket.queueId != null && me.queues.some((queue) => queue.id === ticket.queueId)) return true;
  return ticket.isGroup && groupsAsTickets(settings);
}
