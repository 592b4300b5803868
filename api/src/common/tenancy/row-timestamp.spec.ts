import { rowTimestamp } from './row-timestamp';

describe('rowTimestamp', () => {
  it.each([
    '2026-11-27 10:00:00.123456+00',
    '2026-11-27 10:00:00+00',
    '2026-11-27 10:00:00.1+00',
    '2026-11-27 10:00:00.12+00',
    '2026-01-02 03:04:05.9999+00',
    '1999-12-31 23:59:59.999999+00',
    '2024-02-29 00:00:00.000001+00',
  ])('reads %s as Date reads it, and answers the same JSON', (text) => {
    const ours = rowTimestamp(text);
    const reference = new Date(text);
    expect(ours).toBeInstanceOf(Date);
    expect(ours.getTime()).toBe(reference.getTime());
    expect(JSON.stringify({ at: ours })).toBe(JSON.stringify({ at: reference }));
    expect(ours.toISOString()).toBe(reference.toISOString());
  });

  it('falls back to Date for other texts (another offset, infinity) and keeps a Date as it is', () => {
    expect(rowTimestamp('2026-11-27 10:00:00-03').toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(Number.isNaN(rowTimestamp('infinity').getTime())).toBe(true);
    const d = new Date();
    expect(rowTimestamp(d)).toBe(d);
  });

  it('answers the moved time once a setter moved it', () => {
    const t = rowTimestamp('2026-11-27 10:00:00.5+00');
    t.setUTCHours(12);
    expect(JSON.stringify(t)).toBe('"2026-11-27T12:00:00.500Z"');
  });
});
