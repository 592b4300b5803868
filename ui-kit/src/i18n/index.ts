export { pt, type CoreMessageKey, type FeatureMessageKey, type MessageKey, type Messages } from './pt';
export { defineTexts, registerTexts, type FeatureTexts } from './feature-texts';
export {
  DEFAULT_LOCALE,
  LOCALES,
  isLocaleLoaded,
  isMessageKey,
  loadLocale,
  resolveLocale,
  translate,
  translateError,
  type Locale,
  type MessageVars,
} from './translate';
export { LocaleContext, useLocale, useT, type TranslateFn } from './locale-context';
export { errorText } from './error-text';
export { errorsPt, type TranslatedErrorCode } from './errors';
