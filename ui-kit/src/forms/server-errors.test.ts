import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate';
import { serverFieldErrors, serverTextKey } from './server-errors';

describe('serverFieldErrors', () => {
  it("shows a translated error's text on its field instead of the server's English", () => {
    const [email] = serverFieldErrors({
      error: 'ERR_EMAIL_ALREADY_REGISTERED',
      message: 'This e-mail is already registered',
      fields: [{ field: 'email', messages: ['This e-mail is already registered'] }],
    });
    expect(email.field).toBe('email');
    expect(translate('pt', email.message as never)).not.toMatch(/already/);
    const [number] = serverFieldErrors({
      code: 'ERR_DUPLICATED_CONTACT',
      message: 'The company already has a contact with this number',
      fields: [{ field: 'number', messages: ['The company already has a contact with this number'] }],
    });
    expect(translate('pt', number.message as never)).not.toMatch(/already/);
  });

  it('keeps a field message that says more than its error', () => {
    const [list] = serverFieldErrors({
      error: 'ERR_CAMPAIGN_INCOMPLETE',
      message: 'incomplete',
      fields: [{ field: 'contactListId', messages: ['Escolha uma lista'] }],
    });
    expect(list.message).toBe('Escolha uma lista');
  });

  it("maps the spec's literal texts to the kit's keys, and keeps other validation text", () => {
    const fields = serverFieldErrors({
      error: 'ERR_VALIDATION',
      fields: [
        { field: 'name', messages: ['Too Short!'] },
        { field: 'email', messages: ['Invalid email'] },
        { field: 'file', messages: ['Required'] },
        { field: 'other', messages: ['must be a date'] },
      ],
    });
    expect(fields.map((f) => translate('pt', f.message as never))).toEqual(['Muito curto!', 'E-mail inválido', 'Obrigatório', 'must be a date']);
  });

  it('answers nothing without fields', () => {
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
    expect(serverTextKey('anything')).toBeUndefined();
  });
});
