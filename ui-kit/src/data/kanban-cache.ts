// The kanban board's cache (the tickets GET /ticket/kanban answers, kept as a list): which tickets a board holds, and
// the writes that ticket events and the kanban mutations share. Pure reducers first, then the cache writes.
import type { QueryClient } from '@tanstack/react-query';
import type { TicketDto, TicketViewer } from './cache-updaters';
import { writeThroughRead } from './live-write';
import { atendeKeys, type KanbanFilters } from './query-keys';

/** The statuses the board shows (the API's: open and pending). */
const ON_BOARD: readonly string[] = ['open', 'pending'];

/**
 * Whether a ticket belongs on a board read with `filters`, by the API's rule: open or pending; a plain user sees
 * their own queues' tickets, a manager (showall) every queue's and those without one; `queueIds` narrows both.
 * `unknown` without a viewer (no session): the board then keeps or drops what it holds but adds nothing.
 */
export function kanbanMembership(ticket: TicketDto, filters: KanbanFilters, viewer: TicketViewer | null): 'in' | 'out' | 'unknown' {
  if (!ON_BOARD.includes(ticket.status)) return 'out';
  const queueId = ticket.queueId ?? null;
  if (filters.queueIds && (queueId === null || !filters.queueIds.includes(queueId))) return 'out';
  if (!viewer) return 'unknown';
  if (viewer.seesAll) return 'in';
  return queueId !== null && viewer.queueIds.includes(queueId) ? 'in' : 'out';
}

/**
 * A ticket's new copy on a board: replaced where it is (a lane change is a change of its tags), first when it
 * newly belongs, removed when it no longer does. Answers the same array when nothing changes.
 */
export function placeKanbanTicket(list: TicketDto[] | undefined, ticket: TicketDto, membership: 'in' | 'out' | 'unknown'): TicketDto[] | undefined {
  if (!list) return list;
  const index = list.findIndex((t) => t.id === ticket.id);
  if (membership === 'out') return index === -1 ? list : list.filter((t) => t.id !== ticket.id);
  if (index !== -1) return list.map((t, i) => (i === index ? ticket : t));
  return membership === 'in' ? [ticket, ...list] : list;
}

/** The board's filters read back from its key ({} when it has none). */
function kanbanFilters(key: readonly unknown[]): KanbanFilters {
  const last = key[3];
  return typeof last === 'object' && last !== null ? last : {};
}

/** A ticket's new copy into every cached board (a ticket event, or the answer of a kanban move). */
export function writeKanbanTicket(queryClient: QueryClient, ticket: TicketDto, viewer: TicketViewer | null): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.tickets.kanbans() })) {
    const membership = kanbanMembership(ticket, kanbanFilters(query.queryKey), viewer);
    writeThroughRead<TicketDto[]>(queryClient, query, (list) => placeKanbanTicket(list, ticket, membership));
  }
}

/** The ticket leaves every board (deleted, or no longer this user's to see). */
export function removeKanbanTicket(queryClient: QueryClient, ticketId: number): void {
  queryClient.setQueriesData<TicketDto[]>({ queryKey: atendeKeys.tickets.kanbans() }, (list) =>
    list?.some((t) => t.id === ticketId) ? list.filter((t) => t.id !== ticketId) : list,
  );
}
