import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from '../i18n/pt';
import { isMessageKey } from '../i18n/translate';

/**
 * The literal form texts the API sends in a field error (the spec's English 'Too Short!', its Portuguese
 * 'Mensagem muito curta', our own 'Invalid URL'), and the kit's translated keys for them: every form field shows
 * them in the screen's locale (Form's fields look them up too). `validation-texts.test.ts` fails when one of the
 * API's field messages is missing here.
 */
const SERVER_TEXTS: Record<string, MessageKey> = {
  Required: 'validation.requiredShort',
  Obrigatório: 'validation.requiredShort',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
  'Email inválido': 'validation.email',
  'Muito curto!': 'validation.tooShort',
  'Muito longo!': 'validation.tooLong',
  'Mensagem muito curta': 'validation.messageTooShort',
  'Mensagem muito longa': 'validation.messageTooLong',
  'Informe o setor': 'validation.chooseQueue',
  'Invalid URL': 'validation.invalidUrl',
  'URL inválida': 'validation.invalidUrl',
  'Invalid color': 'validation.invalidColor',
  'Data inválida': 'validation.invalidDate',
};

/** The kit's key for a text the server sends in a field error ('Too Short!'), or undefined for other text. */
export function serverTextKey(text: string): MessageKey | undefined {
  const trimmed = text.trim();
  if (isMessageKey(trimmed)) return trimmed;
  return Object.prototype.hasOwnProperty.call(SERVER_TEXTS, trimmed) ? SERVER_TEXTS[trimmed] : undefined;
}

/**
 * What a field shows for a server's field message: the kit's key for a known text; else, when the field repeats the
 * error's own message (ERR_EMAIL_ALREADY_REGISTERED's 'This e-mail is already registered' on `email`) and the kit
 * translates that error, its text rather than the server's English; else the server's text.
 */
function fieldMessage(code: unknown, errorMessage: unknown, text: string | undefined): string {
  const known = text === undefined ? undefined : serverTextKey(text);
  if (known) return known;
  const repeatsError = text === undefined || text === errorMessage;
  if (repeatsError && typeof code === 'string' && code.startsWith('ERR_') && code !== 'ERR_VALIDATION' && isMessageKey(code)) return code;
  return text ?? 'validation.requiredShort';
}

/**
 * Puts the failing fields of an API validation error (`{ error: 'ERR_VALIDATION', fields: [{ field, messages }] }`,
 * or an ApiRequestError carrying them) on the form's fields. Answers whether any field was set,
 * so the caller can fall back to a toast.
 */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, err: unknown): boolean {
  const fields = serverFieldErrors(err);
  fields.forEach(({ field, message }, i) => setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }));
  return fields.length > 0;
}

/**
 * The failing fields of an API validation error, each with its first message (none: empty).
 * A connected screen uses it to leave a field error to the form instead of toasting it.
 */
export function serverFieldErrors(err: unknown): { field: string; message: string }[] {
  const body = err as { fields?: { field?: unknown; messages?: unknown }[]; error?: unknown; code?: unknown; message?: unknown } | null;
  const fields = body?.fields;
  const code = body?.code ?? body?.error;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry) => {
    if (typeof entry?.field !== 'string') return [];
    const messages = Array.isArray(entry.messages) ? entry.messages.filter((m): m is string => typeof m === 'string') : [];
    return [{ field: entry.field, message: fieldMessage(code, body?.message, messages[0]) }];
  });
}
