import type { Locale } from './translate';

/**
 * A feature's own texts in every locale. The core tables (pt.ts, en.ts, es.ts) hold what every widget needs; a page
 * that only some hosts show (an admin page) keeps its texts beside it instead, so they travel in that page's chunk
 * rather than in the runtime every widget and the console's first load carry. Its components ask for them with
 * `useT(texts)`, which registers the table once; `translate` then finds its keys like any other.
 */
export interface FeatureTexts {
  readonly pt: Readonly<Record<string, string>>;
  /** Absent for a table of `definePtTexts`, whose en and es texts are in the core en and es tables. */
  readonly en?: Readonly<Record<string, string>>;
  readonly es?: Readonly<Record<string, string>>;
}

/** A feature's table: pt is the source, en and es must have exactly its keys (TypeScript checks). */
export function defineTexts<K extends string>(texts: { pt: Record<K, string>; en: Record<K, string>; es: Record<K, string> }): Required<FeatureTexts> {
  return texts;
}

/**
 * A feature's table whose en and es texts travel in the core en and es tables instead (./en.ts and ./es.ts spread
 * them, typed by this table's keys: pt.ts's `LocaleMessages`), so a page downloads only its language's: for the
 * texts of what every list + chat page shows (the chat's header and tags, the list's previews, the embed's gate).
 * A page's table stays `defineTexts`, all three in its chunk: an admin page's en texts have no place in every
 * English page's download.
 */
export function definePtTexts<K extends string>(pt: Record<K, string>): FeatureTexts {
  return { pt };
}

const registered = new Set<FeatureTexts>();
const merged: Record<Locale, Record<string, string>> = { pt: {}, en: {}, es: {} };

/**
 * Makes a feature's texts known to `translate`. Idempotent and cheap (a set lookup), so components call it on every
 * render through `useT(texts)`. The tables are static module constants: registering one twice, or from two roots, is
 * the same as once.
 */
export function registerTexts(texts: FeatureTexts): void {
  if (registered.has(texts)) return;
  registered.add(texts);
  Object.assign(merged.pt, texts.pt);
  if (texts.en) Object.assign(merged.en, texts.en);
  if (texts.es) Object.assign(merged.es, texts.es);
}

/** A registered feature text in `locale`, falling back to its pt text. */
export function featureText(locale: Locale, key: string): string | undefined {
  return merged[locale][key] ?? merged.pt[key];
}

/** A registered feature text in `locale` only (no fallback): plural variants must not borrow another language's. */
export function featureTextIn(locale: Locale, key: string): string | undefined {
  return merged[locale][key];
}
