import { createContext, useCallback, useContext } from 'react';
import { registerTexts, type FeatureTexts } from './feature-texts';
import { DEFAULT_LOCALE, translate, type Locale, type MessageVars } from './translate';
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
