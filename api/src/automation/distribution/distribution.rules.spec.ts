import { distributionRules, waitsForPeople } from './distribution.rules';

describe('distribution.rules', () => {
  it('reads the settings: on only when enabled, a positive NumberOfTickets as the capacity, UsersOnline', () => {
    expect(distributionRules({ AutomaticDistribution: 'enabled', NumberOfTickets: '5', UsersOnline: 'enabled' })).toEqual({
      enabled: true,
      capacity: 5,
      onlineOnly: true,
    });
    expect(distributionRules({ AutomaticDistribution: 'disabled', NumberOfTickets: '0', UsersOnline: 'disabled' })).toEqual({
      enabled: false,
      capacity: 0,
      onlineOnly: false,
    });
  });

  it('reads a missing, negative or non-numeric capacity as no limit', () => {
    for (const n of [undefined, null, '', '-3', 'muitos']) expect(distributionRules({ AutomaticDistribution: 'enabled', NumberOfTickets: n }).capacity).toBe(0);
    expect(distributionRules({}).enabled).toBe(false);
  });

  it("gives people a ticket that is not a group's and no agent answers", () => {
    expect(waitsForPeople({ isGroup: false, useIntegration: false, promptId: null })).toBe(true);
    expect(waitsForPeople({ isGroup: true, useIntegration: false, promptId: null })).toBe(false);
    expect(waitsForPeople({ isGroup: false, useIntegration: true, promptId: null })).toBe(false);
    expect(waitsForPeople({ isGroup: false, useIntegration: false, promptId: 2 })).toBe(false);
  });
});
