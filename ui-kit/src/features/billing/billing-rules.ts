import type { Schema } from '../../client';
import type { CheckoutBody, InvoiceDto, PixCheckoutDto } from './data/billing';
import type { MessageKey } from '../../i18n';
import type { Locale } from '../../i18n/translate';
import type { SessionUser } from '../../provider/session-store';
import { LANGUAGE_TAGS } from '../../theme/AtendeRoot';

export type Invoice = InvoiceDto;
export type PixCharge = PixCheckoutDto;
export type Plan = Schema<'PlanDto'>;

/** What the invoices table shows: 'Pago', 'Vencido' (open, due before today), 'Em Aberto'; a cancelled one says so. */
export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open' | 'cancelled';

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's own day as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec: paid shows 'Pago'; a due date before today and not paid, 'Vencido'; otherwise 'Em Aberto'. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'cancelled') return 'cancelled';
  return invoice.dueDate.slice(0, 10) < today ? 'overdue' : 'open';
}

/** Whether 'PAGAR' shows: an open invoice, overdue or not. */
export const isPayable = (invoice: Pick<Invoice, 'status'>): boolean => invoice.status === 'open';

/** An amount in BRL in the locale's format (R$ 1.234,56 in pt), whatever the locale. */
export function formatBrl(value: number | string, locale: Locale): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[locale], { style: 'currency', currency: 'BRL' }).format(Number(value));
}

/** A `YYYY-MM-DD` day (or the day of a timestamp, in UTC for plain days) as the locale writes it with 2-digit day and month: 10/01/2027 in pt. */
export function formatDay(day: string, locale: Locale): string {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const date = new Date(plain ? `${day}T12:00:00Z` : day);
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(plain ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** A moment as the locale writes it, day and time (the Pix charge's expiry). */
export function formatMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/**
 * Spec: 'Seu período de teste termina em N dias!': N is the absolute number of 24-hour days between now and the trial's
 * end, rounded up (1.2 days → 2; an ended trial counts the days since).
 */
export function trialDaysLeft(trialExpiration: string, now: Date = new Date()): number {
  return Math.ceil(Math.abs(new Date(trialExpiration).getTime() - now.getTime()) / DAY_MS);
}

/** The checkout's estimate: the plan's monthly value × the invoice's months, to the cent. The server prices the charge. */
export function estimateTotal(monthlyValue: number, months: number): number {
  return Math.round(monthlyValue * Math.max(1, months) * 100) / 100;
}

/** The subscription page's invoice: the open one due first (null: none open among those loaded). */
export function oldestOpenInvoice(invoices: readonly Invoice[] | undefined): Invoice | null {
  const open = (invoices ?? []).filter(isPayable);
  return open.reduce<Invoice | null>(
    (oldest, i) => (!oldest || i.dueDate < oldest.dueDate || (i.dueDate === oldest.dueDate && i.id < oldest.id) ? i : oldest),
    null,
  );
}

/** Billing needs billing:manage (the company's admins); super users have every permission. */
export const canManageBilling = (user: Pick<SessionUser, 'permissions' | 'super'> | null | undefined): boolean =>
  Boolean(user && (user.super || user.permissions.includes('billing:manage')));

// ---------------------------------------------------------------------------------------------------------
// The checkout form: step 'Dados' (the payer), step 'Personalizar' (the plan). No card field exists here.

/** The 'Dados' step asks the payer's name only: a Pix charge needs no postal address (issue 30, finding 13). */
export interface CheckoutFormValues {
  firstName: string;
  /** The plan chosen, as the radio group's value (the plan id as text). */
  planId: string;
}

export function checkoutFormValues(invoice: Pick<Invoice, 'planId'> | null | undefined, payerName = ''): CheckoutFormValues {
  return { firstName: payerName, planId: invoice?.planId != null ? String(invoice.planId) : '' };
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const requiredAs =
  (message: MessageKey) =>
  (value: unknown): MessageKey | true =>
    filled(value) || message;

/** The spec's messages, exactly. */
export const checkoutRules = {
  firstName: requiredAs('billing.validation.firstName'),
  planId: requiredAs('billing.validation.plan'),
} as const;

/** The fields of each step, validated before 'Próximo'. */
export const STEP_FIELDS = {
  data: ['firstName'],
  plan: ['planId'],
} as const satisfies Record<string, readonly (keyof CheckoutFormValues)[]>;

/**
 * POST /subscription's body: the invoice, the plan chosen, the payer's name (no address). Never a card field, never a
 * price (the server prices the charge from the plan and the invoice's months).
 */
export function checkoutBody(values: CheckoutFormValues, invoiceId: number): CheckoutBody {
  const planId = Number(values.planId);
  return {
    invoiceId,
    ...(Number.isInteger(planId) && planId > 0 ? { planId } : {}),
    firstName: values.firstName.trim(),
  };
}
