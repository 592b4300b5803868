import { describe, expect, it } from 'vitest';
import { filterParams, firstOfMonth, formatDay, formatMinutes, isCalendarDay, ratingStars, todayIn, type DashboardFilterValue } from './dashboard-format';

const byDate = (dateFrom: string, dateTo: string): DashboardFilterValue => ({ type: 'date', dateFrom, dateTo, period: 0 });

describe('the dashboard filter', () => {
  it('by period: 3, 7, 15, 30, 60 or 90 days ask for days; none is no filter', () => {
    for (const period of [3, 7, 15, 30, 60, 90] as const) {
      expect(filterParams({ type: 'period', dateFrom: '', dateTo: '', period })).toEqual({ ok: true, params: { days: period } });
    }
    expect(filterParams({ type: 'period', dateFrom: '2025-03-01', dateTo: '2025-03-02', period: 0 })).toEqual({ ok: false, reason: 'noFilter' });
  });

  it('by date: both real dates ask for date_from and date_to; none is no filter; a bad or missing one is an invalid date', () => {
    expect(filterParams(byDate('2025-03-01', '2025-03-31'))).toEqual({ ok: true, params: { date_from: '2025-03-01', date_to: '2025-03-31' } });
    expect(filterParams(byDate('2025-03-05', '2025-03-05'))).toMatchObject({ ok: true });
    expect(filterParams(byDate('', ''))).toEqual({ ok: false, reason: 'noFilter' });
    expect(filterParams(byDate('2025-02-30', '2025-03-01'))).toEqual({ ok: false, reason: 'invalidDate', field: 'dateFrom' });
    expect(filterParams(byDate('2025-03-01', ''))).toEqual({ ok: false, reason: 'invalidDate', field: 'dateTo' });
    expect(filterParams(byDate('', '2025-03-01'))).toEqual({ ok: false, reason: 'invalidDate', field: 'dateFrom' });
    expect(filterParams(byDate('2025-03-10', '2025-03-01'))).toEqual({ ok: false, reason: 'reversed', field: 'dateTo' });
  });

  it('knows a calendar day', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('0002-03-01')).toBe(false);
    expect(isCalendarDay('01/03/2025')).toBe(false);
  });

  it("today is the day in UTC−3 (the daily charts' zone), and the first of its month", () => {
    expect(todayIn(undefined, new Date('2025-03-01T02:59:00Z'))).toBe('2025-02-28');
    expect(todayIn(undefined, new Date('2025-03-01T03:00:00Z'))).toBe('2025-03-01');
    expect(firstOfMonth('2025-03-17')).toBe('2025-03-01');
  });
});

describe('the dashboard formats', () => {
  it('shows minutes as hours and minutes, or minutes and seconds; none as a dash', () => {
    expect(formatMinutes(20.17)).toBe('20m 10s');
    expect(formatMinutes(65.5)).toBe('1h 05m');
    expect(formatMinutes(0)).toBe('0m 00s');
    expect(formatMinutes(null)).toBe('—');
  });

  it('shows a day in the locale without shifting it', () => {
    expect(formatDay('2025-04-01', 'pt')).toBe('01/04/2025');
    expect(formatDay('2025-04-01', 'en')).toBe('4/1/25');
    expect(formatDay(null, 'pt')).toBe('—');
  });

  it('rounds a rating to 1-3 stars, 0 unrated', () => {
    expect([ratingStars(1), ratingStars(1.49), ratingStars(1.5), ratingStars(2.5), ratingStars(3), ratingStars(null)]).toEqual([1, 1, 2, 3, 3, 0]);
  });
});
