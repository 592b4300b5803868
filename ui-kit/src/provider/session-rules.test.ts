import { describe, expect, it } from 'vitest';
import { can, canCreateTicket, isAdmin, settingsOf, type Me } from './session-rules';

describe('session rules', () => {
  it('reads the company settings as a map', () => {
    const me = {
      company: {
        settings: [
          { key: 'groupsTab', value: 'enabled' },
          { key: 'userRating', value: 'disabled' },
        ],
      },
    } as Pick<Me, 'company'>;
    expect(settingsOf(me)).toEqual({ groupsTab: 'enabled', userRating: 'disabled' });
    expect(settingsOf(undefined)).toEqual({});
  });

  it('answers who is an admin, what a user may do and whether they may open tickets', () => {
    expect(isAdmin({ profile: 'admin' })).toBe(true);
    expect(isAdmin({ profile: 'user' })).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(can({ permissions: ['tickets-manager:showall'] }, 'tickets-manager:showall')).toBe(true);
    expect(can({ permissions: [] }, 'tickets-manager:showall')).toBe(false);
    expect(can(undefined, 'tickets-manager:showall')).toBe(false);
    expect(canCreateTicket({ createTicket: 'habilitado' })).toBe(true);
    expect(canCreateTicket({ createTicket: 'desabilitado' })).toBe(false);
    expect(canCreateTicket(undefined)).toBe(false);
  });
});
