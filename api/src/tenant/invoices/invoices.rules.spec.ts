import { invoiceDetail, invoiceValue, periodMonths } from './invoices.rules';

describe('invoices.rules', () => {
  it("prices an invoice as the plan's monthly value times the period, in cents", () => {
    expect(invoiceValue('100.00', 3)).toBe('300.00');
    expect(invoiceValue('25', 1)).toBe('25.00');
    expect(invoiceValue('0.10', 3)).toBe('0.30');
    expect(invoiceValue(19.99, 12)).toBe('239.88');
  });

  it('takes the period from the recurrence', () => {
    expect(periodMonths('MENSAL')).toBe(1);
    expect(periodMonths('BIMESTRAL')).toBe(2);
    expect(periodMonths('TRIMESTRAL')).toBe(3);
    expect(periodMonths('SEMESTRAL')).toBe(6);
    expect(periodMonths('ANUAL')).toBe(12);
  });

  it('labels the plan and the months it pays', () => {
    expect(invoiceDetail('Plano Ouro', 3)).toBe('Plano Ouro · 3 meses');
    expect(invoiceDetail('Básico', 1)).toBe('Básico · 1 mês');
  });
});
