import { RECURRENCE_MONTHS, type Recurrence } from '../companies/company.entity';

/** An invoice's price, period and label, as pure functions (invoices.rules.spec.ts tests them in milliseconds). */

/** A plan's monthly value (numeric string) times the period's months, as a 2-decimal string; computed in cents. */
export function invoiceValue(monthlyValue: string | number, months: number): string {
  const cents = Math.round(Number(monthlyValue) * 100) * months;
  return (cents / 100).toFixed(2);
}

export function periodMonths(recurrence: Recurrence): number {
  return RECURRENCE_MONTHS[recurrence] ?? 1;
}

/** The invoice's 'Detalhes': the plan and the period it pays ('Plano Ouro · 3 meses'). Portuguese, as the platform bills in BRL. */
export function invoiceDetail(planName: string, months: number): string {
  return `${planName} · ${months} ${months === 1 ? 'mês' : 'meses'}`;
}
