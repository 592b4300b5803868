import { en } from './en';
import { es } from './es';
import { pt, type MessageKey } from './pt';

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';

export type MessageVars = Record<string, string | number>;

const tables: Record<Locale, Partial<Record<MessageKey, string>>> = { pt, en, es };

/** 'en-US' → 'en', 'pt-BR' → 'pt'; anything the kit has no table for → pt. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(pt, key);
}

/** Looks `key` up in `locale`, falls back to Portuguese, and fills `{name}` placeholders from `vars`. */
export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  const template = tables[locale]?.[key] ?? pt[key];
  if (!vars) return template;
  // A placeholder without a value stays visible rather than turning into "undefined".
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : match));
}

/**
 * The text for an API error code (`{ error: "ERR_..." }`); codes the kit has no text for
 * get the generic message instead of showing a code to a person.
 */
export function translateError(locale: Locale, code: string | null | undefined): string {
  return code && code.startsWith('ERR_') && isMessageKey(code) ? translate(locale, code) : translate(locale, 'error.generic');
}
