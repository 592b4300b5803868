import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate';
import { confirmPasswordRule, emailRule, nameRule, optional, passwordRule, resetEmailRule, resetPasswordRule, type Rule } from './validators';

const pt = (rule: Rule, value: string) => {
  const result = rule(value);
  return result === true ? true : translate('pt', result);
};

describe('validators (the spec’s messages)', () => {
  it('name: 2 to 50, required', () => {
    expect(pt(nameRule, '')).toBe('Obrigatório');
    expect(pt(nameRule, '   ')).toBe('Obrigatório');
    expect(pt(nameRule, 'A')).toBe('Muito curto!');
    expect(pt(nameRule, 'Ana')).toBe(true);
    expect(pt(nameRule, 'x'.repeat(50))).toBe(true);
    expect(pt(nameRule, 'x'.repeat(51))).toBe('Muito longo!');
  });

  it('password: 5 to 50, required', () => {
    expect(pt(passwordRule, '')).toBe('Obrigatório');
    expect(pt(passwordRule, '1234')).toBe('Muito curto!');
    expect(pt(passwordRule, '12345')).toBe(true);
    expect(pt(passwordRule, 'p'.repeat(51))).toBe('Muito longo!');
  });

  it('email: valid and required', () => {
    expect(pt(emailRule, '')).toBe('Obrigatório');
    expect(pt(emailRule, 'ana@')).toBe('E-mail inválido');
    expect(pt(emailRule, 'ana @x.com')).toBe('E-mail inválido');
    expect(pt(emailRule, 'ana@example.com')).toBe(true);
  });

  it('password reset: Portuguese messages, the 8-character rule and the confirmation', () => {
    expect(pt(resetEmailRule, '')).toBe('Campo obrigatório');
    expect(pt(resetEmailRule, 'x@')).toBe('Email inválido');
    const rule = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';
    expect(pt(resetPasswordRule, 'abcdefgh')).toBe(rule);
    expect(pt(resetPasswordRule, 'Abcdefgh')).toBe(rule);
    expect(pt(resetPasswordRule, 'Abcdef1')).toBe(rule);
    expect(pt(resetPasswordRule, 'Abcdefg1')).toBe(true);
    const confirm = confirmPasswordRule(() => 'Abcdefg1');
    expect(pt(confirm, '')).toBe('Campo obrigatório');
    expect(pt(confirm, 'Abcdefg2')).toBe('As senhas não correspondem');
    expect(pt(confirm, 'Abcdefg1')).toBe(true);
  });

  it('optional lets an empty value through', () => {
    expect(pt(optional(passwordRule), '')).toBe(true);
    expect(pt(optional(passwordRule), '12')).toBe('Muito curto!');
  });
});
