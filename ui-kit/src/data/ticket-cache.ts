// Where tickets and messages live in the query cache: the writes the tickets' realtime module (ticket, appMessage)
// and the mutations of tickets, the chat, the kanban board and the send API share. They stay in the engine, beside
// the kanban boards' writes they include, because those features import each other's indexes one way only (tickets
// and the chat import the kanban board; the kanban board imports neither) and the dispatcher needs ticketViewer.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { components } from '../client';
import type { SessionUser } from '../provider/session-store';
import {
  addMessage,
  markTicketRead,
  placeTicket,
  readTicket,
  removeFromPages,
  setMessagesTicket,
  ticketMembership,
  updateMessage,
  type MessageDto,
  type MessagePage,
  type TicketDto,
  type TicketPage,
  type TicketViewer,
} from './cache-updaters';
import { dropDetail, setDetail, type WriteKind } from './cache-writes';
import { removeKanbanTicket, writeKanbanTicket } from './kanban-cache';
import { writeThroughRead } from './live-write';
import { atendeKeys, readListFilters, readTicketListKey } from './query-keys';

type SettingDto = components['schemas']['SettingDto'];

/**
 * The viewer of ticket lists from the session (queues, showall) and the company's group settings: the settings
 * query when it was read (it follows the settings channel), else the session's copy.
 */
export function ticketViewer(queryClient: QueryClient, user: SessionUser): TicketViewer {
  const settings = queryClient.getQueryData<SettingDto[]>(atendeKeys.settings.list()) ?? user.company?.settings ?? [];
  const enabled = (key: string) => settings.some((s) => s.key === key && s.value === 'enabled');
  return {
    userId: user.id,
    seesAll: user.permissions.includes('tickets-manager:showall'),
    queueIds: user.queues.map((q) => q.id),
    groupsExcluded: enabled('groupsTab') || enabled('CheckMsgIsGroup'),
  };
}

/**
 * A ticket's new copy: its detail and message pages, every list it belongs to and the kanban boards (placed by their filters;
 * first of the list with `toTop`, for a new message). Without a viewer (no session) a list loses the tickets its
 * filters rule out but gains none.
 */
export function writeTicket(queryClient: QueryClient, ticket: TicketDto, viewer: TicketViewer | null, { toTop = false }: { toTop?: boolean } = {}): void {
  setDetail<TicketDto>(queryClient, atendeKeys.tickets.detail(ticket.id), () => ticket);
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: atendeKeys.tickets.messagesOf(ticket.id) }, (data) =>
    setMessagesTicket(data, () => ticket),
  );
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.tickets.lists() })) {
    const list = readTicketListKey(query.queryKey);
    if (!list) continue;
    const membership = ticketMembership(ticket, list, viewer);
    writeThroughRead<InfiniteData<TicketPage>>(queryClient, query, (data) => placeTicket(data, ticket, membership, { toTop }));
  }
  writeKanbanTicket(queryClient, ticket, viewer);
}

/** The ticket leaves the lists (deleted, or no longer this user's to see); `deleted` also drops its own queries. */
export function removeTicket(queryClient: QueryClient, ticketId: number, { deleted }: { deleted: boolean }): void {
  queryClient.setQueriesData<InfiniteData<TicketPage>>({ queryKey: atendeKeys.tickets.lists() }, (data) => removeFromPages(data, 'tickets', ticketId));
  removeKanbanTicket(queryClient, ticketId);
  if (!deleted) return;
  dropDetail(queryClient, atendeKeys.tickets.detail(ticketId));
  void queryClient.resetQueries({ queryKey: atendeKeys.tickets.messagesOf(ticketId) });
}

/** The ticket's messages were read: its unread counter is zero everywhere. */
export function writeTicketRead(queryClient: QueryClient, ticketId: number): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.tickets.lists() })) {
    const list = readTicketListKey(query.queryKey);
    if (list) queryClient.setQueryData<InfiniteData<TicketPage>>(query.queryKey, (data) => markTicketRead(data, ticketId, list.filters));
  }
  setDetail<TicketDto>(queryClient, atendeKeys.tickets.detail(ticketId), readTicket);
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: atendeKeys.tickets.messagesOf(ticketId) }, (data) =>
    setMessagesTicket(data, (ticket) => readTicket(ticket) ?? ticket),
  );
}

/**
 * A message into its ticket's message lists: a new one (`create`) goes last in the lists without a search and
 * replaces its copy anywhere; an update only replaces.
 */
export function writeMessage(queryClient: QueryClient, message: MessageDto, kind: WriteKind): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: atendeKeys.tickets.messagesOf(message.ticketId) })) {
    const searched = Boolean(readListFilters(query.queryKey).searchParam?.trim());
    writeThroughRead<InfiniteData<MessagePage>>(queryClient, query, (data) =>
      kind === 'create' && !searched ? addMessage(data, message) : updateMessage(data, message),
    );
  }
}
