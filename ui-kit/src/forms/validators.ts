import type { MessageKey } from '../i18n/pt';
import { displayText } from '../primitives/display-text';

/**
 * A rule answers `true` when the value passes, or the message key of the failure. Field
 * components bound to a form translate the key, so a rule works in every locale. Rules plug
 * into react-hook-form as `rules={{ validate: nameRule }}` (the Form* fields take `rule`).
 */
export type Rule<V = string> = (value: V) => MessageKey | true;

/** The text rules check ('' for nothing and for a value that is not text). */
const text = displayText;

export function required(message: MessageKey = 'validation.requiredShort'): Rule<unknown> {
  return (value) => {
    if (Array.isArray(value)) return value.length > 0 || message;
    if (typeof value === 'boolean' || typeof value === 'number') return true;
    // A chosen object (a date, a picked record) is a value, though not text.
    if (typeof value === 'object' && value !== null) return true;
    return text(value).trim() !== '' || message;
  };
}

export function minLength(min: number, message: MessageKey = 'validation.tooShort'): Rule<unknown> {
  return (value) => text(value).length === 0 || text(value).length >= min || message;
}

export function maxLength(max: number, message: MessageKey = 'validation.tooLong'): Rule<unknown> {
  return (value) => text(value).length <= max || message;
}

// The check of the usual form libraries: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(message: MessageKey = 'validation.invalidEmail'): Rule<unknown> {
  return (value) => text(value) === '' || EMAIL.test(text(value).trim()) || message;
}

export function pattern(regex: RegExp, message: MessageKey): Rule<unknown> {
  return (value) => text(value) === '' || regex.test(text(value)) || message;
}

/** The first failing rule's message, or true. */
export function compose<V = string>(...rules: Rule<V>[]): Rule<V> {
  return (value) => {
    for (const rule of rules) {
      const result = rule(value);
      if (result !== true) return result;
    }
    return true;
  };
}

/** Passes an empty value; otherwise applies the rule (e.g. a password left blank keeps the current one). */
export function optional<V = string>(rule: Rule<V>): Rule<V> {
  return (value) => (text(value) === '' ? true : rule(value));
}

/** Sign-up, user, contact and connection names: 2 to 50 ('Too Short!', 'Too Long!', 'Required'). */
export const nameRule: Rule = compose(required(), minLength(2), maxLength(50));

/** Sign-up and user passwords: 5 to 50. */
export const passwordRule: Rule = compose(required(), minLength(5), maxLength(50));

/** Sign-up and user emails ('Invalid email', 'Required'). */
export const emailRule: Rule = compose(required(), email());

/** Password reset step 1 ('Email inválido', 'Campo obrigatório'). */
export const resetEmailRule: Rule = compose(required('validation.required'), email('validation.email'));

/** At least 8 characters with one uppercase letter, one lowercase letter and one digit. */
export const RESET_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

/** Password reset new password (the spec's rule text, 'Campo obrigatório'). */
export const resetPasswordRule: Rule = compose(required('validation.required'), pattern(RESET_PASSWORD_PATTERN, 'validation.resetPassword'));

/** Password confirmation: required and equal to the other field ('As senhas não correspondem'). */
export function confirmPasswordRule(getPassword: () => string | undefined): Rule {
  return compose(required('validation.required'), (value) => value === (getPassword() ?? '') || 'validation.passwordMismatch');
}
