import { describe, expect, it } from 'vitest';
import {
  canManageBilling,
  checkoutBody,
  checkoutFormValues,
  checkoutRules,
  estimateTotal,
  formatBrl,
  formatDay,
  invoiceDisplayStatus,
  isPayable,
  localToday,
  oldestOpenInvoice,
  trialDaysLeft,
} from './billing-rules';
import { invoiceDto } from './story-data';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('invoiceDisplayStatus', () => {
  it('paid is Pago whatever the date; open and due before today is Vencido; otherwise Em Aberto', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01' }, '2026-12-10')).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-12-09' }, '2026-12-10')).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-12-10' }, '2026-12-10')).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-01-10' }, '2026-12-10')).toBe('open');
    expect(invoiceDisplayStatus({ status: 'cancelled', dueDate: '2026-01-10' }, '2026-12-10')).toBe('cancelled');
  });

  it('only open invoices are payable', () => {
    expect(isPayable({ status: 'open' })).toBe(true);
    expect(isPayable({ status: 'paid' })).toBe(false);
    expect(isPayable({ status: 'cancelled' })).toBe(false);
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2026-12-10T12:00:00.000Z');
  it('counts 24-hour days, rounded up', () => {
    expect(trialDaysLeft('2026-12-17T12:00:00.000Z', now)).toBe(7);
    expect(trialDaysLeft('2026-12-17T12:00:01.000Z', now)).toBe(8);
    expect(trialDaysLeft('2026-12-10T13:00:00.000Z', now)).toBe(1);
    expect(trialDaysLeft('2026-12-10T12:00:00.000Z', now)).toBe(0);
  });

  it('an ended trial counts the days since (the absolute number)', () => {
    expect(trialDaysLeft('2026-12-08T00:00:00.000Z', now)).toBe(3);
  });
});

describe('formats', () => {
  it('BRL in every locale, the locale writing it', () => {
    expect(nbsp(formatBrl(1234.56, 'pt'))).toBe('R$ 1.234,56');
    expect(nbsp(formatBrl('99.80', 'pt'))).toBe('R$ 99,80');
    expect(nbsp(formatBrl(1234.56, 'en'))).toBe('R$1,234.56');
    expect(nbsp(formatBrl(1234.56, 'es'))).toMatch(/1234,56|1\.234,56/);
  });

  it('a due day as dd/MM/yyyy in pt, whatever the time zone', () => {
    expect(formatDay('2027-01-10', 'pt')).toBe('10/01/2027');
    expect(formatDay('2027-01-10', 'en')).toBe('01/10/2027');
  });

  it("today is the browser's own day", () => {
    expect(localToday(new Date(2026, 11, 5, 23, 59))).toBe('2026-12-05');
  });
});

describe('the checkout', () => {
  it('estimates plan value × months, to the cent', () => {
    expect(estimateTotal(49.9, 1)).toBe(49.9);
    expect(estimateTotal(49.9, 3)).toBe(149.7);
    expect(estimateTotal(33.33, 12)).toBe(399.96);
  });

  it('starts with the invoice plan and the payer name; no address (Pix needs none)', () => {
    expect(checkoutFormValues(invoiceDto({ planId: 2 }), 'Ana')).toEqual({ firstName: 'Ana', planId: '2' });
    expect(checkoutFormValues(invoiceDto({ planId: null })).planId).toBe('');
  });

  it("the spec's required messages", () => {
    expect(checkoutRules.firstName('  ')).toBe('billing.validation.firstName');
    expect(checkoutRules.firstName('Ana')).toBe(true);
  });

  it('the body: trimmed, the plan, the name; never an address, a card field nor a price', () => {
    const body = checkoutBody({ firstName: ' Ana Souza ', planId: '3' }, 14);
    expect(body).toEqual({ invoiceId: 14, planId: 3, firstName: 'Ana Souza' });
    for (const key of ['cardNumber', 'cvv', 'nameOnCard', 'price', 'value', 'users', 'connections', 'address2', 'zipcode'])
      expect(body).not.toHaveProperty(key);
  });

  it('the oldest open invoice among those loaded', () => {
    const invoices = [
      invoiceDto({ id: 3, dueDate: '2027-01-10' }),
      invoiceDto({ id: 2, dueDate: '2026-12-10' }),
      invoiceDto({ id: 1, dueDate: '2026-11-10', status: 'paid' }),
    ];
    expect(oldestOpenInvoice(invoices)?.id).toBe(2);
    expect(oldestOpenInvoice([invoiceDto({ status: 'paid' })])).toBeNull();
    expect(oldestOpenInvoice(undefined)).toBeNull();
  });

  it('billing needs billing:manage, or a super user', () => {
    expect(canManageBilling({ super: false, permissions: ['billing:manage'] })).toBe(true);
    expect(canManageBilling({ super: false, permissions: ['session:self'] })).toBe(false);
    expect(canManageBilling({ super: true, permissions: [] })).toBe(true);
    expect(canManageBilling(null)).toBe(false);
  });
});
