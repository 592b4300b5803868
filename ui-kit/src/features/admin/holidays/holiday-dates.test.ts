import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  formatDay,
  formatMonth,
  isValidIsoDay,
  isoDay,
  localToday,
  monthWeeks,
  parseIsoDay,
  weekdayIndex,
  weekdayNames,
} from './holiday-dates';
import { holidayBody, holidayDateRule, holidayMessageRule, holidayNameRule, holidayFormValues, imageProblem } from './holiday-rules';
import { holidayDto } from './story-data';

afterEach(() => vi.useRealTimers());

describe('holiday dates', () => {
  it('does day arithmetic on YYYY-MM-DD across months, years and leap days', () => {
    expect(isoDay(2026, 12, 32)).toBe('2027-01-01');
    expect(isoDay(2028, 3, 0)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2028-03-31', -1)).toBe('2028-02-29');
  });

  it('reads only real days, with or without the time the API may append', () => {
    expect(parseIsoDay('2030-12-25')).toEqual({ year: 2030, month: 12, day: 25 });
    expect(parseIsoDay('2030-12-25 03:00:00')).toEqual({ year: 2030, month: 12, day: 25 });
    expect(parseIsoDay('2026-02-30')).toBeNull();
    expect(isValidIsoDay('2026-02-28')).toBe(true);
    expect(isValidIsoDay('2026-02-29')).toBe(false);
    expect(isValidIsoDay('1899-12-31')).toBe(false);
    expect(isValidIsoDay('25/12/2030')).toBe(false);
  });

  it('lays a month out in whole weeks, Monday first', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthWeeks({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0]).toBe('2026-11-30');
    expect(weeks[0][1]).toBe('2026-12-01');
    expect(weeks[4][6]).toBe('2027-01-03');
    expect(weeks.every((w) => w.length === 7 && weekdayIndex(w[0]) === 0)).toBe(true);
    // February 2027 fits four weeks exactly (Monday 1st to Sunday 28th).
    expect(monthWeeks({ year: 2027, month: 2 })).toHaveLength(4);
  });

  it("names months and weekdays in the locale's language", () => {
    expect(formatMonth('pt-BR', { year: 2026, month: 12 })).toBe('dezembro de 2026');
    expect(formatMonth('en-US', { year: 2026, month: 12 })).toBe('December 2026');
    expect(weekdayNames('pt-BR', 'long')[0]).toBe('segunda-feira');
    expect(weekdayNames('en-US', 'short')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('es', 'long')[6]).toBe('domingo');
    expect(formatDay('pt-BR', '2026-12-25', 'full')).toBe('sexta-feira, 25 de dezembro de 2026');
  });

  it.each(['America/Sao_Paulo', 'Pacific/Kiritimati', 'UTC'])('keeps the stored day in %s, and today is the local day near midnight', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      // West of Greenwich a Date at UTC midnight is the evening before; east, the morning: the day shown must not move.
      expect(formatDay('en-US', '2027-01-01', 'short')).toBe('1/1/27');
      expect(formatDay('pt-BR', '2026-12-31', 'short')).toBe('31/12/2026');
      expect(monthWeeks({ year: 2027, month: 1 })[0][4]).toBe('2027-01-01');
      // 23:59 local on 31 December is still the 31st, whatever UTC says; 00:00:05 is already the 1st.
      expect(localToday(new Date(2026, 11, 31, 23, 59, 30))).toBe('2026-12-31');
      expect(localToday(new Date(2027, 0, 1, 0, 0, 5))).toBe('2027-01-01');
    } finally {
      process.env.TZ = before;
    }
  });
});

describe('holiday rules', () => {
  it("checks the name, the message (5 characters: 'Mensagem muito curta') and a real day", () => {
    expect(holidayNameRule('  ')).toBe('holidays.validation.required');
    expect(holidayNameRule('Natal')).toBe(true);
    expect(holidayNameRule('x'.repeat(101))).toBe('holidays.validation.nameTooLong');
    expect(holidayMessageRule('')).toBe('holidays.validation.required');
    expect(holidayMessageRule(' oi  ')).toBe('holidays.validation.tooShort');
    expect(holidayMessageRule('Feliz')).toBe(true);
    expect(holidayDateRule('')).toBe('holidays.validation.required');
    expect(holidayDateRule('2026-02-30')).toBe('holidays.validation.date');
    expect(holidayDateRule('2026-12-25')).toBe(true);
  });

  it('sends the day as YYYY-MM-DD with trimmed texts, and starts a new one on the day chosen', () => {
    expect(holidayFormValues(null, '2026-12-24')).toEqual({ name: '', dateHoliday: '2026-12-24', body: '' });
    expect(holidayFormValues(holidayDto({ dateHoliday: '2026-12-25' }))).toMatchObject({ name: 'Natal', dateHoliday: '2026-12-25' });
    expect(holidayBody({ name: ' Natal ', dateHoliday: '2026-12-25', body: ' Feliz Natal! ' })).toEqual({
      name: 'Natal',
      dateHoliday: '2026-12-25',
      body: 'Feliz Natal!',
    });
  });

  it('takes PNG and JPEG up to 16 MB', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(imageProblem(file('a.png', 'image/png'))).toBeNull();
    expect(imageProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(imageProblem(file('a.jpeg', ''))).toBeNull();
    expect(imageProblem(file('a.gif', 'image/gif'))).toBe('holidays.attachment.type');
    expect(imageProblem(file('a.pdf', 'application/pdf'))).toBe('holidays.attachment.type');
    const big = file('big.png', 'image/png');
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 });
    expect(imageProblem(big)).toBe('holidays.attachment.tooLarge');
  });
});
