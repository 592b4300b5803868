import { describe, expect, it } from 'vitest';
import { companyDto, contactDto, idsOf, messageDto, messagePages, pagesOf, queueDto, ticketDto, ticketPages, userDto } from '../test/data-fixtures';
import {
  addMessage,
  mergeMessage,
  updateMessage,
  byName,
  byQueueOrder,
  markTicketRead,
  moveToTopOfPages,
  placeTicket,
  putSetting,
  readTicket,
  removeFromArray,
  removeFromPages,
  replaceContactInTickets,
  replaceInArray,
  replaceInPages,
  setMessagesTicket,
  ticketMembership,
  upsertInArray,
  upsertSortedInPages,
  type TicketViewer,
} from './cache-updaters';
import type { TicketFilters, TicketListRoute } from './query-keys';

const ana = userDto({ id: 1, name: 'Ana' });
const bia = userDto({ id: 2, name: 'Bia' });
const caio = userDto({ id: 3, name: 'Caio' });
const duda = userDto({ id: 4, name: 'Duda' });

describe('whole-collection lists (arrays)', () => {
  it('adds an unknown entity in its sorted place, and moves a renamed one', () => {
    expect(upsertInArray([ana, caio], bia, byName)?.map((u) => u.name)).toEqual(['Ana', 'Bia', 'Caio']);
    const renamed = { ...ana, name: 'Zeca' };
    expect(upsertInArray([ana, bia, caio], renamed, byName)).toEqual([bia, caio, renamed]);
  });

  it('without an order, replaces in place or appends', () => {
    const renamed = { ...ana, name: 'Zeca' };
    expect(upsertInArray([ana, bia], renamed)).toEqual([renamed, bia]);
    expect(upsertInArray([ana], bia)).toEqual([ana, bia]);
  });

  it('leaves a list that was never fetched unfetched', () => {
    expect(upsertInArray(undefined, ana, byName)).toBeUndefined();
    expect(removeFromArray(undefined, 1)).toBeUndefined();
  });

  it('replaces only what it holds, and removes by id', () => {
    const list = [ana, bia];
    expect(replaceInArray(list, caio)).toBe(list);
    expect(replaceInArray(list, { ...bia, online: false })?.[1]?.online).toBe(false);
    expect(removeFromArray(list, 1)).toEqual([bia]);
    expect(removeFromArray(list, 99)).toBe(list);
  });

  it('orders queues by orderQueue (none last), then name', () => {
    const queues = [
      queueDto({ id: 1, name: 'Vendas', orderQueue: null }),
      queueDto({ id: 2, name: 'Suporte', orderQueue: 2 }),
      queueDto({ id: 3, name: 'Financeiro', orderQueue: 1 }),
    ];
    expect([...queues].sort(byQueueOrder).map((q) => q.name)).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    const added = upsertInArray(queues.slice().sort(byQueueOrder), queueDto({ id: 4, name: 'Atendimento', orderQueue: null }), byQueueOrder);
    expect(added?.map((q) => q.name)).toEqual(['Financeiro', 'Suporte', 'Atendimento', 'Vendas']);
  });
});

describe('paginated lists (infinite query pages)', () => {
  it('replaces an entity on whatever page holds it and keeps the total', () => {
    const data = pagesOf('users', [[ana, bia], [caio]], { count: 3 });
    const next = replaceInPages(data, 'users', { ...caio, online: false });
    expect(next?.pages[1]?.users[0]?.online).toBe(false);
    expect(next?.pages.map((p) => p.count)).toEqual([3, 3]);
    expect(replaceInPages(data, 'users', duda)).toBe(data);
  });

  it('removes an entity and lowers the total; an absent one changes nothing', () => {
    const data = pagesOf('users', [[ana, bia], [caio]], { count: 3 });
    const next = removeFromPages(data, 'users', 2);
    expect(idsOf(next, 'users')).toEqual([[1], [3]]);
    expect(next?.pages.map((p) => p.count)).toEqual([2, 2]);
    expect(removeFromPages(data, 'users', 99)).toBe(data);
  });

  it('puts a new entity in its sorted place among the loaded pages', () => {
    const data = pagesOf('users', [[ana, caio], [duda]], { count: 3 });
    const next = upsertSortedInPages(data, 'users', bia, byName);
    expect(idsOf(next, 'users')).toEqual([[1, 2, 3], [4]]);
    expect(next?.pages[0]?.count).toBe(4);
    // Twice is once: the mutation's answer and the socket event may both arrive.
    expect(upsertSortedInPages(next, 'users', bia, byName)).toEqual(next);
  });

  it('leaves out an entity whose place is past the loaded pages while more pages exist', () => {
    const data = pagesOf('users', [[ana, bia]], { count: 10, hasMore: true });
    expect(upsertSortedInPages(data, 'users', duda, byName)).toBe(data);
    // Renamed past the loaded range: it leaves the loaded pages (the page that holds it brings it).
    const moved = upsertSortedInPages(data, 'users', { ...ana, name: 'Zeca' }, byName);
    expect(idsOf(moved, 'users')).toEqual([[2]]);
  });

  it('appends past the last item when every page is loaded', () => {
    const data = pagesOf('users', [[ana], [bia]], { count: 2 });
    expect(idsOf(upsertSortedInPages(data, 'users', duda, byName), 'users')).toEqual([[1], [2, 4]]);
  });

  it('moves an entity first in the first page', () => {
    const data = pagesOf('users', [[ana, bia], [caio]]);
    const next = moveToTopOfPages(data, 'users', caio);
    expect(idsOf(next, 'users')).toEqual([[3, 1, 2], []]);
    expect(next?.pages[0]?.count).toBe(3);
    expect(moveToTopOfPages(data, 'users', duda)?.pages[0]?.count).toBe(4);
  });

  it('works for any page shape the API answers (companies)', () => {
    const data = pagesOf('companies', [[companyDto({ id: 1, name: 'Beta' })]]);
    expect(upsertSortedInPages(data, 'companies', companyDto({ id: 2, name: 'Alfa' }), byName)?.pages[0]?.companies.map((c) => c.name)).toEqual([
      'Alfa',
      'Beta',
    ]);
  });
});

describe('ticket lists: which tickets belong', () => {
  const manager: TicketViewer = { userId: 7, seesAll: true, queueIds: [], groupsExcluded: false };
  const attendant: TicketViewer = { userId: 7, seesAll: false, queueIds: [1], groupsExcluded: false };
  const list = (filters: TicketFilters, route: TicketListRoute = 'tickets') => ({ route, filters });

  it('follows the list status', () => {
    expect(ticketMembership(ticketDto({ status: 'pending' }), list({ status: 'pending' }), manager)).toBe('in');
    expect(ticketMembership(ticketDto({ status: 'open', userId: 7 }), list({ status: 'pending' }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ status: 'closed' }), list({}), manager)).toBe('in');
  });

  it('shows the open list’s tickets of others only with showAll, which needs the showall permission', () => {
    const others = ticketDto({ status: 'open', userId: 8, queueId: 1 });
    expect(ticketMembership(others, list({ status: 'open' }), manager)).toBe('in');
    expect(ticketMembership(others, list({ status: 'open', showAll: 'false' }), manager)).toBe('out');
    expect(ticketMembership(others, list({ status: 'open', showAll: 'true' }), attendant)).toBe('out');
    expect(ticketMembership(ticketDto({ status: 'open', userId: 7 }), list({ status: 'open', showAll: 'false' }), manager)).toBe('in');
  });

  it('keeps a user without showall to their queues and their own tickets', () => {
    expect(ticketMembership(ticketDto({ queueId: 1 }), list({ status: 'pending' }), attendant)).toBe('in');
    expect(ticketMembership(ticketDto({ queueId: 2 }), list({ status: 'pending' }), attendant)).toBe('out');
    expect(ticketMembership(ticketDto({ queueId: 2, userId: 7 }), list({ status: 'pending' }), attendant)).toBe('in');
    expect(ticketMembership(ticketDto({ queueId: null }), list({ status: 'pending' }), attendant)).toBe('out');
  });

  it('filters by the selected queues, keeping tickets without a queue', () => {
    expect(ticketMembership(ticketDto({ queueId: 2 }), list({ queueIds: [1] }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ queueId: 1 }), list({ queueIds: [1] }), manager)).toBe('in');
    expect(ticketMembership(ticketDto({ queueId: null }), list({ queueIds: [1] }), manager)).toBe('in');
    expect(ticketMembership(ticketDto({ queueId: 2 }), list({ queueIds: [] }), manager)).toBe('in');
  });

  it('filters by assigned users, every selected tag and unread messages', () => {
    expect(ticketMembership(ticketDto({ userId: 8 }), list({ users: [9] }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ userId: null }), list({ users: [9] }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ userId: 9 }), list({ users: [9] }), manager)).toBe('in');
    const tagged = ticketDto({ tags: [{ id: 1, name: 'VIP', color: '#000' }] });
    expect(ticketMembership(tagged, list({ tags: [1] }), manager)).toBe('in');
    expect(ticketMembership(tagged, list({ tags: [1, 2] }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ unreadMessages: 0 }), list({ withUnreadMessages: 'true' }), manager)).toBe('out');
    expect(ticketMembership(ticketDto({ unreadMessages: 2 }), list({ withUnreadMessages: 'true' }), manager)).toBe('in');
  });

  it('puts group tickets where the route and the company’s group settings put them', () => {
    const group = ticketDto({ isGroup: true });
    expect(ticketMembership(group, list({}), manager)).toBe('in');
    expect(ticketMembership(group, list({}), { ...manager, groupsExcluded: true })).toBe('out');
    expect(ticketMembership(group, list({ isGroup: 'false' }), manager)).toBe('out');
    expect(ticketMembership(group, list({}, 'groups'), { ...manager, groupsExcluded: true })).toBe('in');
    expect(ticketMembership(ticketDto(), list({}, 'groups'), manager)).toBe('out');
    expect(ticketMembership(ticketDto(), list({ isGroup: 'true' }), manager)).toBe('out');
  });

  it('without a viewer (no session), rules tickets out by the filters but never in', () => {
    expect(ticketMembership(ticketDto({ status: 'closed' }), list({ status: 'pending' }), null)).toBe('out');
    expect(ticketMembership(ticketDto({ status: 'pending' }), list({ status: 'pending' }), null)).toBe('unknown');
  });

  it('cannot tell for a text search or a day filter (the server decides those)', () => {
    expect(ticketMembership(ticketDto(), list({ searchParam: 'maria' }), manager)).toBe('unknown');
    expect(ticketMembership(ticketDto(), list({ date: '2026-01-01' }), manager)).toBe('unknown');
    expect(ticketMembership(ticketDto({ status: 'open', userId: 7 }), list({ status: 'pending', searchParam: 'maria' }), manager)).toBe('out');
  });
});

describe('ticket lists: placing a changed ticket', () => {
  const t1 = ticketDto({ id: 1 });
  const t2 = ticketDto({ id: 2 });
  const t3 = ticketDto({ id: 3 });
  const data = ticketPages([[t1, t2], [t3]]);

  it('replaces a ticket that still belongs in its place', () => {
    const next = placeTicket(data, { ...t2, lastMessage: 'Novo' }, 'in');
    expect(idsOf(next, 'tickets')).toEqual([[1, 2], [3]]);
    expect(next?.pages[0]?.tickets[1]?.lastMessage).toBe('Novo');
  });

  it('adds a ticket that newly belongs first, and removes one that no longer does', () => {
    const added = placeTicket(data, ticketDto({ id: 4 }), 'in');
    expect(idsOf(added, 'tickets')).toEqual([[4, 1, 2], [3]]);
    expect(added?.pages[0]?.count).toBe(4);
    const removed = placeTicket(data, t3, 'out');
    expect(idsOf(removed, 'tickets')).toEqual([[1, 2], []]);
    expect(removed?.pages[0]?.count).toBe(2);
    expect(placeTicket(data, ticketDto({ id: 9 }), 'out')).toBe(data);
  });

  it('moves the ticket of a new message to the top', () => {
    expect(idsOf(placeTicket(data, t3, 'in', { toTop: true }), 'tickets')).toEqual([[3, 1, 2], []]);
    const twice = placeTicket(placeTicket(data, t3, 'in', { toTop: true }), t3, 'in', { toTop: true });
    expect(twice?.pages[0]?.count).toBe(3);
  });

  it('in a list that cannot tell, only replaces or moves what it holds', () => {
    expect(placeTicket(data, ticketDto({ id: 4 }), 'unknown', { toTop: true })).toBe(data);
    expect(idsOf(placeTicket(data, t2, 'unknown', { toTop: true }), 'tickets')).toEqual([[2, 1], [3]]);
  });

  it('zeroes the unread counter, and drops the ticket from an unread-only list', () => {
    const unread = ticketPages([[ticketDto({ id: 1, unreadMessages: 3 }), t2]]);
    expect(markTicketRead(unread, 1, {})?.pages[0]?.tickets[0]?.unreadMessages).toBe(0);
    expect(idsOf(markTicketRead(unread, 1, { withUnreadMessages: 'true' }), 'tickets')).toEqual([[2]]);
    expect(markTicketRead(data, 1, {})).toBe(data);
    expect(readTicket(ticketDto({ unreadMessages: 2 }))?.unreadMessages).toBe(0);
  });

  it('gives every ticket of a contact the contact’s new copy', () => {
    const renamed = contactDto({ id: 1, name: 'Maria Souza' });
    const other = ticketDto({ id: 5, contactId: 2, contact: contactDto({ id: 2 }) });
    const next = replaceContactInTickets(ticketPages([[t1, other]]), renamed);
    expect(next?.pages[0]?.tickets.map((t) => t.contact.name)).toEqual(['Maria Souza', 'Maria']);
    const untouched = ticketPages([[other]]);
    expect(replaceContactInTickets(untouched, renamed)).toBe(untouched);
  });
});

describe('messages', () => {
  const m1 = messageDto({ id: '1' });
  const m2 = messageDto({ id: '2' });
  const old = messageDto({ id: '0' });

  it('appends a new message to the newest page, once', () => {
    const data = messagePages([[m1], [old]]);
    const next = addMessage(data, m2);
    expect(idsOf(next, 'messages')).toEqual([['1', '2'], ['0']]);
    expect(next?.pages[0]?.count).toBe(3);
    expect(addMessage(next, m2)).toEqual(next);
  });

  it('never takes an ack back: the send answer (ack 0) after the socket acks 1 and 3 keeps 3', () => {
    const sent = messageDto({ id: '5', fromMe: true, ack: 0 });
    const later = '2026-01-01T00:00:05.000Z';
    let data: ReturnType<typeof addMessage> = messagePages([[m1]]);
    data = addMessage(data, { ...sent, ack: 1, updatedAt: later });
    data = updateMessage(data, { ...sent, ack: 3, updatedAt: later });
    const settled = addMessage(data, sent);
    expect(settled?.pages[0]?.messages.map((m) => [m.id, m.ack])).toEqual([
      ['1', 0],
      ['5', 3],
    ]);
    expect(settled).toBe(data);
    // A failed send (-1) replaces pending, never a provider's ack; a deletion and an edit stay.
    expect(mergeMessage(sent, { ...sent, ack: -1, sendError: 'ERR_SENDING_WAPP_MSG' }).ack).toBe(-1);
    expect(mergeMessage({ ...sent, ack: -1, sendError: 'ERR_SENDING_WAPP_MSG' }, sent).ack).toBe(-1);
    expect(mergeMessage({ ...sent, ack: 2 }, { ...sent, ack: -1 }).ack).toBe(2);
    const deleted = mergeMessage({ ...sent, isDeleted: true, body: '', updatedAt: later }, { ...sent, ack: 3 });
    expect([deleted.isDeleted, deleted.body, deleted.ack]).toEqual([true, '', 3]);
    const edited = mergeMessage({ ...sent, body: 'Novo', isEdited: true, updatedAt: later }, { ...sent, ack: 4 });
    expect([edited.body, edited.isEdited, edited.ack]).toEqual(['Novo', true, 4]);
  });

  it('replaces a message it holds (ack, edit) wherever it is', () => {
    const data = messagePages([[m1], [old]]);
    const next = addMessage(data, { ...old, ack: 3 });
    expect(next?.pages[1]?.messages[0]?.ack).toBe(3);
    expect(next?.pages[0]?.count).toBe(2);
    expect(replaceInPages(data, 'messages', { ...m1, isEdited: true, body: 'Olá' })?.pages[0]?.messages[0]?.body).toBe('Olá');
  });

  it('carries the ticket’s new copy on every page', () => {
    const data = messagePages([[m1], [old]]);
    const next = setMessagesTicket(data, (t) => ({ ...t, status: 'closed' }));
    expect(next?.pages.map((p) => p.ticket.status)).toEqual(['closed', 'closed']);
    expect(setMessagesTicket(data, (t) => t)).toBe(data);
  });
});

describe('settings', () => {
  it('replaces a setting by key, or adds it', () => {
    const list = [{ key: 'userCreation', value: 'enabled' }];
    expect(putSetting(list, { key: 'userCreation', value: 'disabled' })).toEqual([{ key: 'userCreation', value: 'disabled' }]);
    expect(putSetting(list, { key: 'groupsTab', value: 'enabled' })).toHaveLength(2);
    expect(putSetting(undefined, { key: 'groupsTab', value: 'enabled' })).toBeUndefined();
  });
});
