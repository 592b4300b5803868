import { dueDateAfterPayment, invoiceDueNow, nextDueDate, repeatedWeekdays } from './companies.rules';

describe('companies.rules', () => {
  it("'+ Vencimento' moves the due date by each recurrence, to the month's last day when shorter", () => {
    const cases = [
      ['MENSAL', '2026-01-31', '2026-02-28'],
      ['MENSAL', '2026-12-15', '2027-01-15'],
      ['BIMESTRAL', '2026-01-15', '2026-03-15'],
      ['TRIMESTRAL', '2026-11-30', '2027-02-28'],
      ['SEMESTRAL', '2026-08-31', '2027-02-28'],
      ['ANUAL', '2028-02-29', '2029-02-28'],
    ] as const;
    for (const [recurrence, dueDate, expected] of cases) {
      expect({ recurrence, dueDate: nextDueDate(dueDate, recurrence, '2026-06-01') }).toEqual({ recurrence, dueDate: expected });
    }
    // twice in a row extends twice
    expect(nextDueDate(nextDueDate('2026-03-10', 'MENSAL', '2026-01-01'), 'MENSAL', '2026-01-01')).toBe('2026-05-10');
  });

  it('moves a company without a due date one period from today', () => {
    expect(nextDueDate(null, 'SEMESTRAL', '2026-11-29')).toBe('2027-05-29');
    expect(nextDueDate(undefined, 'MENSAL', '2026-01-31')).toBe('2026-02-28');
  });

  it('moves the due date of a paid invoice from the due date while it is ahead, else from today', () => {
    expect(dueDateAfterPayment('2026-12-10', '2026-11-29', 1)).toBe('2027-01-10');
    expect(dueDateAfterPayment('2026-11-29', '2026-11-29', 1)).toBe('2026-12-29');
    expect(dueDateAfterPayment('2026-10-01', '2026-11-29', 3)).toBe('2027-02-28');
    expect(dueDateAfterPayment(null, '2026-11-29', 12)).toBe('2027-11-29');
  });

  it('invoices a priced company once its due date is within the lead days, or passed', () => {
    expect(invoiceDueNow('2026-12-09', '25.00', '2026-11-29', 10)).toBe(true);
    expect(invoiceDueNow('2026-12-10', '25.00', '2026-11-29', 10)).toBe(false);
    expect(invoiceDueNow('2026-11-01', '25.00', '2026-11-29', 10)).toBe(true);
    expect(invoiceDueNow('2026-11-29', 25, '2026-11-29', 0)).toBe(true);
  });

  it('never invoices a free plan or a company without a due date', () => {
    expect(invoiceDueNow('2026-11-01', '0.00', '2026-11-29', 10)).toBe(false);
    expect(invoiceDueNow('2026-11-01', 0, '2026-11-29', 10)).toBe(false);
    expect(invoiceDueNow(null, '25.00', '2026-11-29', 10)).toBe(false);
  });

  it('names each weekday a business hours form repeats, once', () => {
    const day = (weekdayEn: string) => ({ weekdayEn });
    expect(repeatedWeekdays([day('monday'), day('tuesday')])).toEqual([]);
    expect(repeatedWeekdays([day('monday'), day('monday'), day('friday'), day('monday'), day('friday')])).toEqual(['monday', 'friday']);
    expect(repeatedWeekdays([])).toEqual([]);
  });
});
