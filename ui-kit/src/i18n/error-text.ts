import type { MessageKey } from './pt';
import { isMessageKey, translate, type Locale } from './translate';

function known(code: unknown): code is MessageKey {
  return typeof code === 'string' && code.startsWith('ERR_') && isMessageKey(code);
}

/**
 * The text a person sees for a failed call (spec, error catalogue): the error code looked up
 * in the translated table; otherwise the raw text the server or the runtime gave; a plain
 * string as is; else 'An error occurred!' in the locale.
 *
 * Accepts an API error body (`{ error, message }`), an ApiRequestError (`{ code, message }`),
 * any Error, or a string.
 */
export function errorText(locale: Locale, err: unknown): string {
  if (typeof err === 'string') {
    if (known(err)) return translate(locale, err);
    return err.trim() ? err : translate(locale, 'error.unknown');
  }
  if (err && typeof err === 'object') {
    const { code, error, message } = err as { code?: unknown; error?: unknown; message?: unknown };
    if (known(code)) return translate(locale, code);
    if (known(error)) return translate(locale, error);
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return translate(locale, 'error.unknown');
}
