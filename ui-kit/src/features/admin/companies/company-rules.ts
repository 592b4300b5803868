import type { Schema } from '../../../client';
import { compose, email, maxLength, minLength, required, type Rule } from '../../../forms/validators';
import type { Locale } from '../../../i18n';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { isValidIsoDay, localToday, parseIsoDay } from '../holidays/holiday-dates';

export type Company = Schema<'CompanyDto'>;
export type Recurrence = Schema<'Recurrence'>;
export type CreateCompanyBody = Schema<'CreateCompanyDto'>;
export type UpdateCompanyBody = Schema<'UpdateCompanyDto'>;
export type CompanyUser = Schema<'UserDto'>;

/** Spec administration §4 and §9: how far '+ Vencimento' moves the due date (the API does it). */
export const RECURRENCE_MONTHS: Readonly<Record<Recurrence, number>> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};
export const RECURRENCES = Object.keys(RECURRENCE_MONTHS) as Recurrence[];

/**
 * What '+ Vencimento' will make of the due date (the API's rule, shown in its confirmation): one recurrence period
 * after the current due date, or after today when there is none; the day is kept, or the month's last when shorter.
 */
export function nextDueDate(current: string | null | undefined, recurrence: Recurrence, today: string = localToday()): string {
  const from = parseIsoDay(current) ?? parseIsoDay(today);
  if (!from) return '';
  const index = from.year * 12 + (from.month - 1) + RECURRENCE_MONTHS[recurrence];
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(from.day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The tint of a company's row by its due date. */
export type DueTone = 'yellow' | 'orange' | 'red';

/**
 * Whole calendar days from `today` to the due date (both `YYYY-MM-DD`, no time zone involved): 0 on the day itself,
 * negative once it passed. null without a (valid) due date.
 */
export function dueDays(dueDate: string | null | undefined, today: string = localToday()): number | null {
  const due = parseIsoDay(dueDate);
  const now = parseIsoDay(today);
  if (!due || !now) return null;
  return Math.round((Date.UTC(due.year, due.month - 1, due.day) - Date.UTC(now.year, now.month - 1, now.day)) / 86_400_000);
}

/**
 * The row colour of spec administration §4, read literally, with days = dueDate − today in calendar days:
 * - days === 5 → 'yellow' (five days ahead);
 * - -3 <= days <= 4 → 'orange' (from three days overdue up to four days ahead);
 * - days === -4 → 'red' (exactly four days overdue);
 * - anything else (six or more days ahead, five or more days overdue, no due date) → null, no tint.
 * The colour is never the only signal: every row whose due date passed (days < 0) also carries the visible
 * 'Vencida' badge (see `isOverdue`), and rows due within five days say how many days are left.
 */
export function dueTone(dueDate: string | null | undefined, today: string = localToday()): DueTone | null {
  const days = dueDays(dueDate, today);
  if (days === null) return null;
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}

/** The due date passed (strictly before today): the row shows 'Vencida' whatever its colour. */
export function isOverdue(dueDate: string | null | undefined, today: string = localToday()): boolean {
  const days = dueDays(dueDate, today);
  return days !== null && days < 0;
}

/** Spec §9: a day as dd/MM/yy (day and month in the locale's order); '' for no day. */
export function formatDueDate(isoDate: string | null | undefined, locale: Locale): string {
  const day = parseIsoDay(isoDate);
  if (!day) return '';
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: '2-digit' }).format(
    new Date(Date.UTC(day.year, day.month - 1, day.day)),
  );
}

/** A timestamp (createdAt) as dd/MM/yy in the browser's time zone. */
export function formatTimestamp(iso: string | null | undefined, locale: Locale): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { day: '2-digit', month: '2-digit', year: '2-digit' }).format(date);
}

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  /** Only on create: the company's admin login is `email` + this password. */
  password: string;
  /** The chosen plan's id; null until one is chosen. */
  planId: number | null;
  status: boolean;
  campaignsEnabled: boolean;
  /** `YYYY-MM-DD`, or '' for none. */
  dueDate: string;
  recurrence: Recurrence;
}

export function companyFormValues(company: Company | null | undefined): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    password: '',
    planId: company?.planId ?? null,
    status: company?.status ?? true,
    campaignsEnabled: company?.campaignsEnabled ?? false,
    dueDate: company?.dueDate?.slice(0, 10) ?? '',
    recurrence: company?.recurrence ?? 'MENSAL',
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** PUT /companies/{id}: every field of the form (the password is not part of an update). */
export function updateCompanyBody(values: CompanyFormValues): UpdateCompanyBody {
  return {
    name: values.name.trim(),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
    ...(values.planId !== null ? { planId: values.planId } : {}),
    status: values.status,
    campaignsEnabled: values.campaignsEnabled,
    dueDate: blankToNull(values.dueDate),
    recurrence: values.recurrence,
  };
}

/** POST /companies: the fields and the password of the company's admin user (login: the e-mail). */
export function createCompanyBody(values: CompanyFormValues): CreateCompanyBody {
  return { ...updateCompanyBody(values), name: values.name.trim(), planId: values.planId ?? 0, password: values.password };
}

/** Spec §5: 2-50 ('Too Short!', 'Too Long!', 'Required'). */
export const companyNameRule: Rule<unknown> = compose(required(), minLength(2), maxLength(50));
/** On create the e-mail is the admin's login: required and valid ('Invalid email'). */
export const newCompanyEmailRule: Rule<unknown> = compose(required(), email());
/** On edit a company may have no e-mail; one given must be valid. */
export const companyEmailRule: Rule<unknown> = email();
/** Spec §5: 5-50, on create only (a company without a login could not be used). */
export const companyPasswordRule: Rule<unknown> = compose(required(), minLength(5), maxLength(50));
export const companyPhoneRule: Rule<unknown> = maxLength(30);
export const companyPlanRule: Rule<unknown> = required();
export const dueDateRule: Rule<unknown> = (value) =>
  typeof value !== 'string' || value.trim() === '' || isValidIsoDay(value.trim()) || 'companies.validation.dueDate';
