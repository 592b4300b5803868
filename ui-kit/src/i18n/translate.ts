import { featureText, featureTextIn } from './feature-texts';
import { pt, type MessageKey, type Messages } from './pt';

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';

export type MessageVars = Record<string, string | number>;

/**
 * The core tables loaded so far. pt, the default locale and the fallback of every key, is always here (static): a pt
 * page downloads only it; en and es are modules of their own, loaded by `loadLocale` when a root shows that locale.
 */
const tables: Partial<Record<Locale, Partial<Record<string, string>>>> = { pt };
const core: Partial<Record<string, string>> = pt;

/** Each other locale's core table, a chunk of its own (only this dynamic import names en.ts and es.ts). */
const LOADERS: Record<Exclude<Locale, 'pt'>, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
  es: () => import('./es').then((module) => module.es),
};
const loading = new Map<Locale, Promise<void>>();

/** Whether `locale`'s core table is here, so its texts render now (always for pt). */
export function isLocaleLoaded(locale: Locale): boolean {
  return tables[locale] !== undefined;
}

/**
 * Loads `locale`'s core table once (the same promise for every caller; a failed load, such as a network error, may be
 * tried again). AtendeRoot calls it before it shows texts in that locale; a host that calls `translate` outside a
 * root with another locale than pt awaits it first.
 */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'pt' || isLocaleLoaded(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (table) => {
        tables[locale] = table;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Tests only (i18n.test.tsx): forgets a loaded table, to render a root before its locale has loaded. */
export function unloadLocaleForTests(locale: Exclude<Locale, 'pt'>): void {
  delete tables[locale];
  loading.delete(locale);
}

/** 'en-US' → 'en', 'pt-BR' → 'pt'; anything the kit has no table for → pt. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}

/** A key of the core table or of a registered feature table (forms and lists translate rule results with it). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(pt, key) || featureText(DEFAULT_LOCALE, key) !== undefined;
}

/**
 * Plurals: with a numeric `count`, the key's variant for the locale's plural category (`'tickets.count#one'`, by
 * Intl.PluralRules) when the same locale's table has one; the plain key is the other forms.
 */
function pluralTemplate(locale: Locale, key: string, vars: MessageVars | undefined): string | undefined {
  const count = vars?.count;
  if (typeof count !== 'number') return undefined;
  const pluralKey = `${key}#${new Intl.PluralRules(locale).select(count)}`;
  return tables[locale]?.[pluralKey] ?? featureTextIn(locale, pluralKey);
}

/**
 * Looks `key` up in `locale` (once its core table has loaded: `loadLocale`), falls back to Portuguese, and fills
 * `{name}` placeholders from `vars`. Core keys come from the core tables, a feature's keys from its registered table
 * (./feature-texts.ts); a feature key whose table was never registered shows the key itself, which the feature's
 * tests would catch.
 */
export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  const template = pluralTemplate(locale, key, vars) ?? tables[locale]?.[key] ?? core[key] ?? featureText(locale, key) ?? key;
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
