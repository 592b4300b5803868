import { describe, expect, it } from 'vitest';
import { defaultSchedules, fullWeek, hasScheduleErrors, isClosed, maskTime, scheduleErrors } from './business-hours';

describe('business hours rules', () => {
  it("gives the spec's default week: Mon-Fri 09-18, Sat 09-12, Sun closed", () => {
    const week = defaultSchedules();
    expect(week.map((s) => `${s.weekdayEn} ${s.startTime}-${s.endTime}`)).toEqual([
      'monday 09:00-18:00',
      'tuesday 09:00-18:00',
      'wednesday 09:00-18:00',
      'thursday 09:00-18:00',
      'friday 09:00-18:00',
      'saturday 09:00-12:00',
      'sunday 00:00-00:00',
    ]);
    expect(week[0].weekday).toBe('Segunda-feira');
    expect(isClosed(week[6])).toBe(true);
  });

  it('completes a partial, unordered week in order, keeping the stored days', () => {
    const week = fullWeek([{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '14:00' }]);
    expect(week).toHaveLength(7);
    expect(week[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '14:00' });
    expect(week[0].startTime).toBe('09:00');
  });

  it('masks typing as ##:##', () => {
    expect(maskTime('9')).toBe('9');
    expect(maskTime('09')).toBe('09');
    expect(maskTime('093')).toBe('09:3');
    expect(maskTime('09:30')).toBe('09:30');
    expect(maskTime('0930123')).toBe('09:30');
    expect(maskTime('ab1')).toBe('1');
  });

  it('refuses times that are not HH:MM and an end before the start', () => {
    const week = defaultSchedules();
    week[0] = { ...week[0], startTime: '24:00' };
    week[1] = { ...week[1], startTime: '18:00', endTime: '09:00' };
    week[2] = { ...week[2], endTime: '9:0' };
    expect(scheduleErrors(week).slice(0, 4)).toEqual([
      { startTime: 'hours.invalidTime' },
      { endTime: 'hours.endBeforeStart' },
      { endTime: 'hours.invalidTime' },
      {},
    ]);
    expect(hasScheduleErrors(week)).toBe(true);
    expect(hasScheduleErrors(defaultSchedules())).toBe(false);
  });
});
