// Where entities live in the query cache, and which reducer of cache-updaters.ts applies there: the engine's writes
// every slice builds on (a detail query, the paginated lists; each slice's data/ says where its own entities live with
// these, in its `write*`/`remove*`), and below them the tickets' and messages' writes, which tickets, the chat, the
// kanban board and the send API share and the dispatcher needs (ticketViewer). Those stay in the engine, beside the
// kanban boards' writes they include, because the kanban board is a slice both tickets and the chat import: tickets'
// writes there would make it import tickets back. The realtime modules call these for socket events and the mutation
// hooks for the API's answers, so both keep the cache alike.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { components } from '../client';
import type { SessionUser } from '../provider/session-store';
import {
  addMessage,
  markTicketRead,
  placeTicket,
  readTicket,
  removeFromPages,
  replaceInPages,
  setMessagesTicket,
  ticketMembership,
  updateMessage,
  upsertSortedInPages,
  type Compare,
  type ItemOf,
  type ItemsKey,
  type MessageDto,
  type MessagePage,
  type Page,
  type TicketDto,
  type TicketPage,
  type TicketViewer,
} from './cache-updaters';
import { removeKanbanTicket, writeKanbanTicket } from './kanban-cache';
import { writeThroughRead } from './live-write';
import { atendeKeys, readListFilters, readTicketListKey } from './query-keys';

type SettingDto = components['schemas']['SettingDto'];

/** `create` may add the entity to lists; `update` also adds it to lists that hold the whole (unsearched) collection. */
export type WriteKind = 'create' | 'update';

/** A detail query gets the new copy only if it was fetched: an event does not fill the cache with unasked data. */
export function setDetail<T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T) => T | undefined): void {
  queryClient.setQueryData<T>(queryKey, (old) => (old === undefined ? undefined : update(old)));
}

/** A deleted entity: its detail query is reset (observers refetch and see the API's 404, nothing stale stays). */
export function dropDetail(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.resetQueries({ queryKey, exact: true });
}

/**
 * An entity into every paginated list under `prefix` (the query keys `skip` names aside). An unsearched list holds
 * every entity in `compare` order, so the entity takes its sorted place. A searched list keeps the server's say: a
 * copy it holds is replaced, and a created entity (which the search may or may not match) marks it stale, left as it
 * is until it reads again (writing data into it would clear the mark).
 */
export function writePaged<P extends Page, K extends ItemsKey<P>>(
  queryClient: QueryClient,
  prefix: QueryKey,
  key: K,
  entity: ItemOf<P, K>,
  compare: Compare<ItemOf<P, K>>,
  kind: WriteKind,
  skip?: (queryKey: QueryKey) => boolean,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    if (skip?.(query.queryKey)) continue;
    const searched = Boolean(readListFilters(query.queryKey).searchParam?.trim());
    if (searched && kind === 'create') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else
      writeThroughRead<InfiniteData<P>>(queryClient, query, (data) =>
        searched ? replaceInPages(data, key, entity) : upsertSortedInPages(data, key, entity, compare),
      );
  }
}

export function removePaged<P extends Page, K extends ItemsKey<P>>(queryClient: QueryClient, prefix: QueryKey, key: K, id: number): void {
  queryClient.setQueriesData<InfiniteData<P>>({ queryKey: prefix }, (data) => removeFromPages(data, key, id));
}

// ---------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------
// Tickets and messages

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
