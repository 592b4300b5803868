import { DEFAULT_SCHEDULES } from '../../tenant/companies/company.entity';
import {
  companyHoursClosed,
  DEFAULT_OUT_OF_HOURS_MESSAGE,
  holidayImageFile,
  isWithinHours,
  localMoment,
  outOfHoursText,
  queueHoursClosed,
} from './business-hours.rules';

describe('business hours', () => {
  it("reads the moment on the company's wall clock", () => {
    // 2026-11-30 is a Monday; 12:30 UTC is 09:30 in São Paulo (UTC-3) and 21:30 in Tokyo.
    const at = new Date('2026-11-30T12:30:00Z');
    expect(localMoment(at, 'America/Sao_Paulo')).toEqual({ date: '2026-11-30', weekdayEn: 'monday', minutes: 9 * 60 + 30 });
    expect(localMoment(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-30', weekdayEn: 'monday', minutes: 21 * 60 + 30 });
    // 02:00 UTC on Monday is still Sunday 23:00 in São Paulo.
    expect(localMoment(new Date('2026-11-30T02:00:00Z'), 'America/Sao_Paulo')).toMatchObject({ date: '2026-11-29', weekdayEn: 'sunday' });
    expect(localMoment(at, 'Not/AZone')).toMatchObject({ weekdayEn: 'monday', minutes: 570 });
  });

  it('opens from start (inclusive) to end (exclusive); equal times and missing days are closed', () => {
    const monday = (minutes: number) => ({ date: '2026-11-30', weekdayEn: 'monday', minutes });
    expect(isWithinHours(DEFAULT_SCHEDULES, monday(8 * 60 + 59))).toBe(false);
    expect(isWithinHours(DEFAULT_SCHEDULES, monday(9 * 60))).toBe(true);
    expect(isWithinHours(DEFAULT_SCHEDULES, monday(17 * 60 + 59))).toBe(true);
    expect(isWithinHours(DEFAULT_SCHEDULES, monday(18 * 60))).toBe(false);
    expect(isWithinHours(DEFAULT_SCHEDULES, { date: '2026-11-29', weekdayEn: 'sunday', minutes: 600 })).toBe(false);
    expect(isWithinHours([DEFAULT_SCHEDULES[0]], { date: '2026-12-01', weekdayEn: 'tuesday', minutes: 600 })).toBe(false);
    expect(isWithinHours([], monday(3))).toBe(true);
  });

  it("closes the connection by the company's hours only with scheduleType 'company', a queue by its own only with 'queue'", () => {
    const monday = (minutes: number) => ({ date: '2026-11-30', weekdayEn: 'monday', minutes });
    expect(companyHoursClosed('company', DEFAULT_SCHEDULES, monday(8 * 60))).toBe(true);
    expect(companyHoursClosed('company', DEFAULT_SCHEDULES, monday(10 * 60))).toBe(false);
    expect(companyHoursClosed('queue', DEFAULT_SCHEDULES, monday(8 * 60))).toBe(false);
    expect(companyHoursClosed('company', [], monday(3))).toBe(false);
    expect(queueHoursClosed('queue', DEFAULT_SCHEDULES, monday(18 * 60))).toBe(true);
    expect(queueHoursClosed('queue', DEFAULT_SCHEDULES, monday(12 * 60))).toBe(false);
    expect(queueHoursClosed('company', DEFAULT_SCHEDULES, monday(18 * 60))).toBe(false);
    expect(queueHoursClosed('disabled', DEFAULT_SCHEDULES, monday(18 * 60))).toBe(false);
  });

  it("replies with the queue's message, else the connection's, else the default", () => {
    expect(outOfHoursText(' Fechado ', 'Conexão')).toBe('Fechado');
    expect(outOfHoursText('  ', 'Conexão')).toBe('Conexão');
    expect(outOfHoursText(null, undefined)).toBe(DEFAULT_OUT_OF_HOURS_MESSAGE);
    expect(outOfHoursText()).toBe(DEFAULT_OUT_OF_HOURS_MESSAGE);
  });

  it("uses a holiday's image only when its stored name is a plain file name", () => {
    expect(holidayImageFile('natal-2026.png')).toBe('natal-2026.png');
    expect(holidayImageFile('../secrets.png')).toBeNull();
    expect(holidayImageFile('a/b.png')).toBeNull();
    expect(holidayImageFile(null)).toBeNull();
    expect(holidayImageFile('')).toBeNull();
  });
});
