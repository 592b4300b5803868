// Pure functions from cached data and one entity to the new cached data. They never mutate what they get and
// answer the same reference when nothing changed, so TanStack Query re-renders only what an event touched.
// Applying one twice gives what applying it once gave: a mutation's answer and the socket event that follows
// it may both arrive.
import type { InfiniteData } from '@tanstack/react-query';
import type { components } from '../client';
import type { TicketFilters, TicketListRoute } from './query-keys';

type Schemas = components['schemas'];
export type TicketDto = Schemas['TicketDto'];
export type MessageDto = Schemas['MessageDto'];
export type TicketPage = Schemas['TicketPageDto'];
export type MessagePage = Schemas['MessagePageDto'];

type Id = number | string;
type Identified = { id: Id };

/** A page of a paginated route: its items under one key, plus the total and whether more pages follow. */
export type Page = { count: number; hasMore: boolean };
/** The keys of a page type that hold its items. */
export type ItemsKey<P> = { [K in keyof P]: P[K] extends Identified[] ? K : never }[keyof P];
export type ItemOf<P, K extends keyof P> = P[K] extends (infer T)[] ? T : never;
export type Compare<T> = (a: T, b: T) => number;

/** The API's order of most lists: name, then id. */
export function byName<T extends { id: number; name: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name) || a.id - b.id;
}

/** The API's order of queues: orderQueue (none last), name, id. */
export function byQueueOrder(a: Schemas['QueueDto'], b: Schemas['QueueDto']): number {
  const order = (q: Schemas['QueueDto']) => q.orderQueue ?? Number.POSITIVE_INFINITY;
  return order(a) - order(b) || byName(a, b);
}

// ---------------------------------------------------------------------------------------------------------
// Arrays: a route that answers the whole collection.

/**
 * The entity in a whole-collection list: the old copy out, the new one in its sorted place (appended when the
 * list has no order). A list not fetched yet stays unfetched.
 */
export function upsertInArray<T extends Identified>(list: T[] | undefined, entity: T, compare?: Compare<T>): T[] | undefined {
  if (!list) return list;
  const at = list.findIndex((item) => item.id === entity.id);
  if (!compare) return at === -1 ? [...list, entity] : list.map((item, i) => (i === at ? entity : item));
  const rest = at === -1 ? list : list.filter((_, i) => i !== at);
  const before = rest.findIndex((item) => compare(entity, item) < 0);
  return before === -1 ? [...rest, entity] : [...rest.slice(0, before), entity, ...rest.slice(before)];
}

/** The entity replaced where it is; a list without it is left alone. */
export function replaceInArray<T extends Identified>(list: T[] | undefined, entity: T): T[] | undefined {
  if (!list?.some((item) => item.id === entity.id)) return list;
  return list.map((item) => (item.id === entity.id ? entity : item));
}

export function removeFromArray<T extends Identified>(list: T[] | undefined, id: Id): T[] | undefined {
  if (!list?.some((item) => item.id === id)) return list;
  return list.filter((item) => item.id !== id);
}

// ---------------------------------------------------------------------------------------------------------
// Pages: an infinite query over a paginated route. `count` follows what the cache holds: +1 for an item added
// to the pages, -1 for one taken out.

function withItems<P extends Page, K extends ItemsKey<P>>(data: InfiniteData<P>, key: K, pages: ItemOf<P, K>[][], countDelta: number): InfiniteData<P> {
  return {
    ...data,
    pages: data.pages.map((page, i) => ({ ...page, [key]: pages[i], count: Math.max(0, page.count + countDelta) })),
  };
}

function itemsOf<P extends Page, K extends ItemsKey<P>>(data: InfiniteData<P>, key: K): ItemOf<P, K>[][] {
  return data.pages.map((page) => page[key] as ItemOf<P, K>[]);
}

function hasItem<P extends Page, K extends ItemsKey<P>>(data: InfiniteData<P>, key: K, id: Id): boolean {
  return itemsOf(data, key).some((items) => items.some((item) => (item as Identified).id === id));
}

/** The entity replaced wherever it is in the loaded pages; pages without it are left alone. */
export function replaceInPages<P extends Page, K extends ItemsKey<P>>(
  data: InfiniteData<P> | undefined,
  key: K,
  entity: ItemOf<P, K>,
): InfiniteData<P> | undefined {
  const id = (entity as Identified).id;
  if (!data || !hasItem(data, key, id)) return data;
  const pages = itemsOf(data, key).map((items) => items.map((item) => ((item as Identified).id === id ? entity : item)));
  return withItems(data, key, pages, 0);
}

export function removeFromPages<P extends Page, K extends ItemsKey<P>>(data: InfiniteData<P> | undefined, key: K, id: Id): InfiniteData<P> | undefined {
  if (!data || !hasItem(data, key, id)) return data;
  const pages = itemsOf(data, key).map((items) => items.filter((item) => (item as Identified).id !== id));
  return withItems(data, key, pages, -1);
}

/**
 * The entity moved to its sorted place in a list that holds every item in `compare` order (no search). Its
 * place may lie past the last loaded item while more pages exist: then it is only taken out, and comes with
 * the page that holds it.
 */
export function upsertSortedInPages<P extends Page, K extends ItemsKey<P>>(
  data: InfiniteData<P> | undefined,
  key: K,
  entity: ItemOf<P, K>,
  compare: Compare<ItemOf<P, K>>,
): InfiniteData<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  const id = (entity as Identified).id;
  const had = hasItem(data, key, id);
  const pages = itemsOf(data, key).map((items) => items.filter((item) => (item as Identified).id !== id));
  const complete = !data.pages[data.pages.length - 1].hasMore;
  let placed = false;
  for (const items of pages) {
    const before = items.findIndex((item) => compare(entity, item) < 0);
    if (before !== -1) {
      items.splice(before, 0, entity);
      placed = true;
      break;
    }
  }
  if (!placed && complete) {
    pages[pages.length - 1].push(entity);
    placed = true;
  }
  if (!placed && !had) return data;
  return withItems(data, key, pages, (placed ? 1 : 0) - (had ? 1 : 0));
}

/** The entity first in the first page (taken out of wherever it was). */
export function moveToTopOfPages<P extends Page, K extends ItemsKey<P>>(
  data: InfiniteData<P> | undefined,
  key: K,
  entity: ItemOf<P, K>,
): InfiniteData<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  const id = (entity as Identified).id;
  const had = hasItem(data, key, id);
  const pages = itemsOf(data, key).map((items) => items.filter((item) => (item as Identified).id !== id));
  pages[0].unshift(entity);
  return withItems(data, key, pages, had ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------------------
// Tickets

/** Who reads the lists: what the API filters ticket lists by besides the query. */
export interface TicketViewer {
  userId: number;
  /** Holds `tickets-manager:showall`: sees every ticket of the company. */
  seesAll: boolean;
  /** The viewer's queues (what a user without showall sees, besides their own tickets). */
  queueIds: number[];
  /** The company keeps group tickets out of GET /tickets (setting groupsTab or CheckMsgIsGroup enabled). */
  groupsExcluded: boolean;
}

/**
 * Whether a ticket belongs in a list: `in`, `out`, or `unknown` when the list filters by what only the server
 * can tell (a text search, a day in the company's time zone), or when there is no viewer to check visibility
 * against. The rules are the API's (GET /tickets).
 */
export type Membership = 'in' | 'out' | 'unknown';

export function ticketMembership(ticket: TicketDto, list: { route: TicketListRoute; filters: TicketFilters }, viewer: TicketViewer | null): Membership {
  const { route, filters } = list;
  const userId = ticket.userId ?? null;
  const queueId = ticket.queueId ?? null;
  let known = viewer !== null;
  if (viewer && !(viewer.seesAll || userId === viewer.userId || (queueId !== null && viewer.queueIds.includes(queueId)))) return 'out';

  if (route === 'groups' || filters.isGroup === 'true') {
    if (!ticket.isGroup) return 'out';
  } else if (ticket.isGroup) {
    if (filters.isGroup === 'false' || viewer?.groupsExcluded) return 'out';
  }

  // Tickets without a queue stay in a list filtered by queues.
  if (filters.queueIds?.length && queueId !== null && !filters.queueIds.includes(queueId)) return 'out';
  if (filters.users?.length && (userId === null || !filters.users.includes(userId))) return 'out';
  if (filters.tags?.length && !filters.tags.every((tagId) => ticket.tags.some((tag) => tag.id === tagId))) return 'out';
  if (filters.withUnreadMessages === 'true' && ticket.unreadMessages <= 0) return 'out';

  if (filters.status && ticket.status !== filters.status) return 'out';
  // The open list shows one's own tickets unless showAll is asked for (the default) and allowed.
  if (filters.status === 'open' && viewer && !(viewer.seesAll && filters.showAll !== 'false') && userId !== viewer.userId) return 'out';

  if (filters.searchParam?.trim() || filters.date || filters.updatedAt || filters.finishedAt) known = false;
  return known ? 'in' : 'unknown';
}

/**
 * A ticket list after a ticket changed: out of the list when it no longer matches; replaced in place when it
 * still does (first of the list with `toTop`, for a new message); added first when it newly matches. A list
 * that cannot tell (`unknown`) only replaces or moves what it already holds.
 */
export function placeTicket(
  data: InfiniteData<TicketPage> | undefined,
  ticket: TicketDto,
  membership: Membership,
  { toTop = false }: { toTop?: boolean } = {},
): InfiniteData<TicketPage> | undefined {
  if (!data) return data;
  if (membership === 'out') return removeFromPages(data, 'tickets', ticket.id);
  const had = hasItem(data, 'tickets', ticket.id);
  if (had && !toTop) return replaceInPages(data, 'tickets', ticket);
  if (!had && membership === 'unknown') return data;
  return moveToTopOfPages(data, 'tickets', ticket);
}

/** The ticket's unread counter zeroed; out of the list when the list shows only tickets with unread messages. */
export function markTicketRead(data: InfiniteData<TicketPage> | undefined, ticketId: number, filters: TicketFilters): InfiniteData<TicketPage> | undefined {
  if (!data) return data;
  if (filters.withUnreadMessages === 'true') return removeFromPages(data, 'tickets', ticketId);
  const ticket = data.pages.flatMap((page) => page.tickets).find((t) => t.id === ticketId);
  return ticket && ticket.unreadMessages !== 0 ? replaceInPages(data, 'tickets', { ...ticket, unreadMessages: 0 }) : data;
}

/** A ticket's own copy (GET /tickets/{id}) with its unread counter zeroed. */
export function readTicket(ticket: TicketDto | undefined): TicketDto | undefined {
  return ticket && ticket.unreadMessages !== 0 ? { ...ticket, unreadMessages: 0 } : ticket;
}

/** Tickets of the contact carry its new copy (a ticket embeds its contact). */
export function replaceContactInTickets(data: InfiniteData<TicketPage> | undefined, contact: Schemas['ContactDto']): InfiniteData<TicketPage> | undefined {
  if (!data?.pages.some((page) => page.tickets.some((t) => t.contactId === contact.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map((t) => (t.contactId === contact.id ? { ...t, contact } : t)) })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Messages: page 1 (the first page) is the newest, each page oldest first.

/** How far a message's delivery went: failed (-1) ranks above pending (0), below every ack the provider sent. */
function ackRank(ack: number): number {
  return ack < 0 ? 0.5 : ack;
}

/**
 * One message from two copies that may arrive in any order: the POST's answer (ack 0) can land after the socket's
 * ack 1 and 3. The ack never goes back, a deletion or an edit is never undone, and the text is the most recently
 * updated copy's. Answers `cached` itself when `incoming` adds nothing.
 */
export function mergeMessage(cached: MessageDto, incoming: MessageDto): MessageDto {
  const newer = Date.parse(incoming.updatedAt) >= Date.parse(cached.updatedAt) ? incoming : cached;
  const ack = ackRank(incoming.ack) >= ackRank(cached.ack) ? incoming.ack : cached.ack;
  const isDeleted = cached.isDeleted || incoming.isDeleted;
  const isEdited = cached.isEdited || incoming.isEdited;
  const merged: MessageDto = {
    ...newer,
    ack,
    isDeleted,
    isEdited,
    // A send's error belongs to the failed state only.
    sendError: ack < 0 ? (newer.sendError ?? cached.sendError ?? incoming.sendError) : newer.sendError && null,
    oldMessages: newer.oldMessages.length >= cached.oldMessages.length ? newer.oldMessages : cached.oldMessages,
    ...(isDeleted ? { body: '', mediaUrl: null } : {}),
  };
  const same = (Object.keys(merged) as (keyof MessageDto)[]).every((key) => merged[key] === cached[key]);
  return same ? cached : merged;
}

/** A known message merged where it is (see mergeMessage); pages without it are left alone. */
export function updateMessage(data: InfiniteData<MessagePage> | undefined, message: MessageDto): InfiniteData<MessagePage> | undefined {
  if (!data) return data;
  const cached = itemsOf(data, 'messages')
    .flat()
    .find((item) => item.id === message.id);
  if (!cached) return data;
  const merged = mergeMessage(cached, message);
  return merged === cached ? data : replaceInPages(data, 'messages', merged);
}

/** A new message last in the newest page, or merged where it is if the cache already has it. */
export function addMessage(data: InfiniteData<MessagePage> | undefined, message: MessageDto): InfiniteData<MessagePage> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (hasItem(data, 'messages', message.id)) return updateMessage(data, message);
  const pages = itemsOf(data, 'messages').map((items, i) => (i === 0 ? [...items, message] : items));
  return withItems(data, 'messages', pages, 1);
}

/** The ticket the message pages carry, replaced (each page answers its ticket). */
export function setMessagesTicket(
  data: InfiniteData<MessagePage> | undefined,
  update: (ticket: TicketDto) => TicketDto,
): InfiniteData<MessagePage> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const ticket = update(page.ticket);
    if (ticket === page.ticket) return page;
    changed = true;
    return { ...page, ticket };
  });
  return changed ? { ...data, pages } : data;
}

// ---------------------------------------------------------------------------------------------------------
// Settings: keyed by `key`, not id.

export function putSetting(list: Schemas['SettingDto'][] | undefined, setting: Schemas['SettingDto']): Schemas['SettingDto'][] | undefined {
  if (!list) return list;
  return list.some((s) => s.key === setting.key) ? list.map((s) => (s.key === setting.key ? setting : s)) : [...list, setting];
}
