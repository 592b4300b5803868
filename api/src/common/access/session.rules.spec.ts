import { subscriptionExpired } from './session.rules';

describe('session.rules', () => {
  // 2026-11-29 11:00 UTC is 08:00 of the 29th in São Paulo and 00:00 of the 30th in Auckland (UTC+13).
  const now = new Date('2026-11-29T11:00:00Z');

  it("holds back a company only after its due date, in the company's calendar", () => {
    expect(subscriptionExpired('2026-11-28', 'America/Sao_Paulo', 0, now)).toBe(true);
    expect(subscriptionExpired('2026-11-29', 'America/Sao_Paulo', 0, now)).toBe(false);
    expect(subscriptionExpired('2026-11-30', 'America/Sao_Paulo', 0, now)).toBe(false);
    expect(subscriptionExpired('2026-11-29', 'Pacific/Auckland', 0, now)).toBe(true);
  });

  it('never without a due date', () => {
    expect(subscriptionExpired(null, 'America/Sao_Paulo', 0, now)).toBe(false);
    expect(subscriptionExpired(undefined, 'America/Sao_Paulo', 0, now)).toBe(false);
  });

  it('keeps the grace days', () => {
    expect(subscriptionExpired('2026-11-26', 'America/Sao_Paulo', 3, now)).toBe(false);
    expect(subscriptionExpired('2026-11-25', 'America/Sao_Paulo', 3, now)).toBe(true);
  });

  it('reads a due date given as a Date by its UTC day, or a timestamp string by its date', () => {
    expect(subscriptionExpired(new Date('2026-11-28T00:00:00Z'), 'America/Sao_Paulo', 0, now)).toBe(true);
    expect(subscriptionExpired('2026-11-29T00:00:00.000Z', 'America/Sao_Paulo', 0, now)).toBe(false);
  });
});
