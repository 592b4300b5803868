import { describe, expect, it } from 'vitest';
import { PLAN_FEATURES, formatPrice, limitRule, parseValue, planBody, planFormValues, valueRule } from './plan-rules';

describe('plan rules', () => {
  it('reads prices with a comma or a dot and at most two decimals', () => {
    expect(parseValue('99,90')).toBe(99.9);
    expect(parseValue('99.9')).toBe(99.9);
    expect(parseValue('0')).toBe(0);
    expect(parseValue('1.000,00')).toBeNull();
    expect(parseValue('9,999')).toBeNull();
    expect(parseValue('-1')).toBeNull();
    expect(parseValue('123456789')).toBeNull();
    expect(valueRule('abc')).toBe('plans.validation.value');
  });

  it('takes limits as whole numbers from 0 to 100000', () => {
    expect(limitRule('0')).toBe(true);
    expect(limitRule('100000')).toBe(true);
    expect(limitRule('100001')).toBe('plans.validation.limit');
    expect(limitRule('1.5')).toBe('plans.validation.limit');
    expect(limitRule('')).toBe('plans.validation.limit');
  });

  it('sends every flag, on or off, and the numbers as numbers', () => {
    const values = { ...planFormValues(null, 'pt'), name: ' Básico ', users: '3', value: '49,90', features: ['useKanban' as const] };
    const body = planBody(values);
    expect(body).toMatchObject({ name: 'Básico', users: 3, connections: 1, queues: 1, value: 49.9, useKanban: true, whiteLabel: false });
    expect(PLAN_FEATURES.every((f) => typeof body[f] === 'boolean')).toBe(true);
  });

  it('formats the price in BRL per locale, and the form value with the locale separator', () => {
    expect(formatPrice(1234.5, 'pt').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatPrice(1234.5, 'en')).toBe('R$1,234.50');
    const plan = {
      id: 1,
      name: 'P',
      users: 2,
      connections: 3,
      queues: 4,
      value: 99.9,
      ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, f === 'whiteLabel'])),
    };
    expect(planFormValues(plan as never, 'pt')).toMatchObject({ value: '99,90', users: '2', features: ['whiteLabel'] });
    expect(planFormValues(plan as never, 'en').value).toBe('99.90');
  });
});
