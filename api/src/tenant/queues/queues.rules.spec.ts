import { blankToNull, greetingMissing, scheduleErrors, storedSchedules, takenField } from './queues.rules';

describe('queues.rules', () => {
  it('stores blank text as none, and text trimmed', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(' Olá ')).toBe('Olá');
  });

  it('finds a name or colour another queue has, in any case; the name first', () => {
    const others = [{ name: 'Vendas', color: '#FFF' }];
    expect(takenField(others, 'VENDAS', '#000')).toBe('name');
    expect(takenField(others, 'Suporte', '#fff')).toBe('color');
    expect(takenField(others, 'vendas', '#fff')).toBe('name');
    expect(takenField(others, 'Suporte', '#000')).toBeNull();
    expect(takenField([], 'Vendas', '#FFF')).toBeNull();
  });

  it('needs a greeting once the company has more than one queue', () => {
    expect(greetingMissing(1, null)).toBe(false);
    expect(greetingMissing(2, null)).toBe(true);
    expect(greetingMissing(2, 'Escolha:')).toBe(false);
  });

  it('names each weekday that ends before it starts, and stores only the four fields of a day', () => {
    const day = { weekday: 'Segunda', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' };
    expect(scheduleErrors([day, { ...day, endTime: '08:59' }, { ...day, endTime: '09:00' }])).toEqual([
      { field: 'schedules.1.endTime', messages: ['Must not be before startTime'] },
    ]);
    expect(storedSchedules([{ ...day, extra: 'x' } as typeof day])).toEqual([day]);
  });
});
