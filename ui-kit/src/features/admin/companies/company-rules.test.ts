import { describe, expect, it } from 'vitest';
import { addDays } from '../holidays/holiday-dates';
import {
  RECURRENCE_MONTHS,
  companyEmailRule,
  companyFormValues,
  companyNameRule,
  companyPasswordRule,
  createCompanyBody,
  dueDateRule,
  dueDays,
  dueTone,
  formatDueDate,
  isOverdue,
  newCompanyEmailRule,
  updateCompanyBody,
} from './company-rules';
import { companyDto } from './story-data';

const TODAY = '2026-03-01';
const at = (days: number) => addDays(TODAY, days);

describe('company due-date rules', () => {
  it('counts whole calendar days from today, across months and leap days', () => {
    expect(dueDays('2026-03-01', TODAY)).toBe(0);
    expect(dueDays('2026-02-28', TODAY)).toBe(-1);
    expect(dueDays('2026-03-06', TODAY)).toBe(5);
    expect(dueDays('2028-03-01', '2028-02-28')).toBe(2);
    expect(dueDays('2026-03-06T00:00:00.000Z', TODAY)).toBe(5);
    expect(dueDays(null, TODAY)).toBeNull();
    expect(dueDays('', TODAY)).toBeNull();
    expect(dueDays('2026-02-30', TODAY)).toBeNull();
  });

  it('tints literally: 5 ahead yellow; -3..4 orange; exactly 4 overdue red; anything else none', () => {
    const tones = Object.fromEntries([-7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7].map((d) => [d, dueTone(at(d), TODAY)]));
    expect(tones).toEqual({
      '-7': null,
      '-6': null,
      '-5': null,
      '-4': 'red',
      '-3': 'orange',
      '-2': 'orange',
      '-1': 'orange',
      '0': 'orange',
      '1': 'orange',
      '2': 'orange',
      '3': 'orange',
      '4': 'orange',
      '5': 'yellow',
      '6': null,
      '7': null,
    });
    expect(dueTone(null, TODAY)).toBeNull();
  });

  it('marks every passed due date overdue, tinted or not (the colour is never the only signal)', () => {
    expect(isOverdue(at(-1), TODAY)).toBe(true);
    expect(isOverdue(at(-4), TODAY)).toBe(true);
    expect(isOverdue(at(-30), TODAY)).toBe(true);
    expect(isOverdue(at(0), TODAY)).toBe(false);
    expect(isOverdue(null, TODAY)).toBe(false);
  });

  it('formats the day as dd/MM/yy in the locale, with no time zone shift', () => {
    expect(formatDueDate('2026-12-05', 'pt')).toBe('05/12/26');
    expect(formatDueDate('2026-12-05', 'es')).toBe('05/12/26');
    expect(formatDueDate('2026-12-05', 'en')).toBe('12/05/26');
    expect(formatDueDate(null, 'pt')).toBe('');
  });

  it('knows the months of each recurrence', () => {
    expect(RECURRENCE_MONTHS).toEqual({ MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 });
  });
});

describe('company form', () => {
  it('validates name 2-50, e-mail, password 5-50 and the due date', () => {
    expect(companyNameRule('')).toBe('validation.requiredShort');
    expect(companyNameRule('A')).toBe('validation.tooShort');
    expect(companyNameRule('x'.repeat(51))).toBe('validation.tooLong');
    expect(companyNameRule('Ab')).toBe(true);
    expect(newCompanyEmailRule('')).toBe('validation.requiredShort');
    expect(newCompanyEmailRule('a@b')).toBe('validation.invalidEmail');
    expect(companyEmailRule('')).toBe(true);
    expect(companyEmailRule('nope')).toBe('validation.invalidEmail');
    expect(companyPasswordRule('')).toBe('validation.requiredShort');
    expect(companyPasswordRule('1234')).toBe('validation.tooShort');
    expect(companyPasswordRule('x'.repeat(51))).toBe('validation.tooLong');
    expect(companyPasswordRule('12345')).toBe(true);
    expect(dueDateRule('')).toBe(true);
    expect(dueDateRule('2026-02-30')).toBe('companies.validation.dueDate');
    expect(dueDateRule('2026-02-28')).toBe(true);
  });

  it('sends the password only on create, blanks as null', () => {
    const values = { ...companyFormValues(null), name: ' Nova ', email: 'adm@nova.com', password: 'segredo', planId: 2, dueDate: '' };
    expect(createCompanyBody(values)).toEqual({
      name: 'Nova',
      email: 'adm@nova.com',
      phone: null,
      planId: 2,
      status: true,
      campaignsEnabled: false,
      dueDate: null,
      recurrence: 'MENSAL',
      password: 'segredo',
    });
    const edit = companyFormValues(companyDto({ dueDate: '2026-05-10', recurrence: 'ANUAL' }));
    expect(edit).toMatchObject({ name: 'Empresa 3', dueDate: '2026-05-10', recurrence: 'ANUAL', password: '' });
    expect(updateCompanyBody(edit)).not.toHaveProperty('password');
    expect(updateCompanyBody(edit)).toMatchObject({ dueDate: '2026-05-10', planId: 1, phone: '5511999990000' });
  });
});
