import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { registerTexts, type FeatureTexts } from './feature-texts';
import { DEFAULT_LOCALE, isLocaleLoaded, loadLocale, translate, type Locale, type MessageVars } from './translate';
import type { MessageKey } from './pt';

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The locale of the nearest kit root (pt outside one). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export type TranslateFn = (key: MessageKey, vars?: MessageVars) => string;

/**
 * `const t = useT(); t('action.save')` in the locale of the nearest kit root. A feature's component names the
 * feature's own texts, `useT(connectionsTexts)`, which makes them known before anything of it renders.
 */
export function useT(...texts: FeatureTexts[]): TranslateFn {
  for (const table of texts) registerTexts(table);
  const locale = useLocale();
  return useCallback<TranslateFn>((key, vars) => translate(locale, key, vars), [locale]);
}

/**
 * The locale a root may show texts in while it asks for `locale`: `locale` itself once its core table has loaded
 * (at once for pt, or a table loaded before); until then the locale it showed before (a switch at runtime loads,
 * then switches, without a flash of keys), or null on its first render (the root renders no texts yet rather than
 * Portuguese ones). When the table cannot load (a network error), Portuguese, the fallback of every key.
 */
export function useLoadedLocale(locale: Locale): Locale | null {
  const ready = isLocaleLoaded(locale);
  const [shown, setShown] = useState<Locale | null>(ready ? locale : null);
  if (ready && shown !== locale) setShown(locale);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadLocale(locale).then(
      () => {
        if (current) setShown(locale);
      },
      (error: unknown) => {
        console.error(`Atende: the ${locale} texts could not load; showing Portuguese`, error);
        if (current) setShown((before) => before ?? DEFAULT_LOCALE);
      },
    );
    return () => {
      current = false;
    };
  }, [locale, ready]);
  return ready ? locale : shown;
}
