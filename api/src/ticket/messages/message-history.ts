import type { TicketViewer } from '../tickets/ticket-access.service';
import type { TicketDto } from '../tickets/dto/ticket.dto';

/**
 * A conversation's history: the ticket's messages and those of the contact's earlier tickets on the same connection
 * (same group flag), so a returning customer's new ticket shows what was said before, with the ticket-change
 * separators between them (spec attendance §2). Of the earlier tickets, a caller sees the ones the visibility rule
 * lets them see (their queues, their own, every one with tickets-manager:showall), or all of them when their user
 * has viewAllMessageTicket 'habilitado' (the whole history of the contact). Later tickets never show: opening an
 * old closed ticket shows the history up to it.
 *
 * `historyTickets` is a subquery of ticket ids; `params` are its bindings in text order (`:companyId` bound by
 * tenantSql). The ticket itself was checked by the caller (TicketAccessService).
 */
export function historyTickets(ticket: Pick<TicketDto, 'id' | 'contactId' | 'whatsappId' | 'isGroup'>, viewer: TicketViewer) {
  const sql = `select e.id from tickets e
     where e.company_id = :companyId and e.contact_id = ? and e.whatsapp_id is not distinct from ?::int and e.is_group = ? and e.id <= ?
       and (e.id = ? or ?::boolean or e.user_id = ? or e.queue_id = any(?::int[])
            or exists (select 1 from users u where u.id = ? and u.company_id = :companyId and u.view_all_message_ticket = 'habilitado'))`;
  const params = [
    ticket.contactId,
    ticket.whatsappId ?? null,
    ticket.isGroup,
    ticket.id,
    ticket.id,
    viewer.seesAll,
    viewer.userId,
    viewer.queueIds,
    viewer.userId,
  ];
  return { sql, params };
}

/** How many search hits one call answers, newest first. */
export const SEARCH_HITS_MAX = 50;
