import { describe, expect, it } from 'vitest';
import { canEditMessage, canViewTicket, composerEnabled, MESSAGE_EDIT_WINDOW_MS, opensReadOnly, ticketActions } from './ticket-rules';

const groups = { groupsIsTeckets: 'enabled' };

describe('ticket rules (spec attendance §4-§6)', () => {
  it('offers accept and close on pending, return and close on open, reopen on closed', () => {
    expect(ticketActions({ status: 'pending', isGroup: false }, {})).toEqual({ accept: true, returnToPending: false, close: true, reopen: false });
    expect(ticketActions({ status: 'open', isGroup: false }, {})).toEqual({ accept: false, returnToPending: true, close: true, reopen: false });
    expect(ticketActions({ status: 'closed', isGroup: false }, {})).toEqual({ accept: false, returnToPending: false, close: false, reopen: true });
  });

  it('hides accept, close and reopen on group tickets when groups are tickets', () => {
    for (const status of ['pending', 'open', 'closed'] as const) {
      expect(Object.values(ticketActions({ status, isGroup: true }, groups)).some(Boolean)).toBe(false);
      expect(Object.values(ticketActions({ status, isGroup: true }, {})).some(Boolean)).toBe(true);
    }
  });

  it('opens a pending ticket read only, except groups-as-tickets groups; the composer follows the same case', () => {
    expect(opensReadOnly({ status: 'pending', isGroup: false }, groups)).toBe(true);
    expect(opensReadOnly({ status: 'pending', isGroup: true }, groups)).toBe(false);
    expect(opensReadOnly({ status: 'closed', isGroup: false }, {})).toBe(false);
    expect(opensReadOnly({ status: 'open', isGroup: false }, {})).toBe(false);
    expect(composerEnabled({ status: 'open', isGroup: false }, {})).toBe(true);
    expect(composerEnabled({ status: 'pending', isGroup: false }, {})).toBe(false);
    expect(composerEnabled({ status: 'pending', isGroup: true }, groups)).toBe(true);
  });

  it('lets only own, undeleted messages younger than 15 minutes be edited', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(canEditMessage({ fromMe: true, isDeleted: false, createdAt: at(MESSAGE_EDIT_WINDOW_MS - 1000) }, now)).toBe(true);
    expect(canEditMessage({ fromMe: true, isDeleted: false, createdAt: at(MESSAGE_EDIT_WINDOW_MS + 1000) }, now)).toBe(false);
    expect(canEditMessage({ fromMe: false, isDeleted: false, createdAt: at(1000) }, now)).toBe(false);
    expect(canEditMessage({ fromMe: true, isDeleted: true, createdAt: at(1000) }, now)).toBe(false);
  });

  it('lets a plain user see tickets of own queues or assigned to them; show-all and groups-as-tickets are exempt', () => {
    const user = { id: 7, permissions: [], queues: [{ id: 1, name: 'Vendas', color: '#f00' }] };
    expect(canViewTicket({ queueId: 1, userId: null, isGroup: false }, user, {})).toBe(true);
    expect(canViewTicket({ queueId: 2, userId: null, isGroup: false }, user, {})).toBe(false);
    expect(canViewTicket({ queueId: null, userId: null, isGroup: false }, user, {})).toBe(false);
    expect(canViewTicket({ queueId: 2, userId: 7, isGroup: false }, user, {})).toBe(true);
    expect(canViewTicket({ queueId: 2, userId: null, isGroup: true }, user, groups)).toBe(true);
    expect(canViewTicket({ queueId: 2, userId: null, isGroup: false }, { ...user, permissions: ['tickets-manager:showall'] }, {})).toBe(true);
  });
});
