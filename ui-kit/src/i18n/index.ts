export { pt, type MessageKey, type Messages } from './pt';
export { en } from './en';
export { es } from './es';
export { DEFAULT_LOCALE, LOCALES, isMessageKey, resolveLocale, translate, translateError, type Locale, type MessageVars } from './translate';
export { LocaleContext, useLocale, useT, type TranslateFn } from './locale-context';
export { errorText } from './error-text';
export { errorsPt, type TranslatedErrorCode } from './errors';
