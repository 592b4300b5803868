import type { components } from '../../../client';

type TicketMark = components['schemas']['TicketMarkDto'];

/** The user's marks on tickets, with one ticket's new marks in place (none left: out of the list; pins newest first). */
export function putTicketMark(list: TicketMark[] | undefined, mark: TicketMark): TicketMark[] | undefined {
  if (!list) return list;
  const rest = list.filter((m) => m.ticketId !== mark.ticketId);
  if (!mark.pinned && !mark.unread) return rest;
  const pinTime = (m: TicketMark) => (m.pinnedAt ? Date.parse(m.pinnedAt) : Number.NEGATIVE_INFINITY);
  return [...rest, mark].sort((a, b) => pinTime(b) - pinTime(a) || b.ticketId - a.ticketId);
}
