import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

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
  const fields = (err as { fields?: { field?: unknown; messages?: unknown }[] } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry) => {
    if (typeof entry?.field !== 'string') return [];
    const messages = Array.isArray(entry.messages) ? entry.messages.filter((m): m is string => typeof m === 'string') : [];
    return [{ field: entry.field, message: messages[0] ?? 'validation.requiredShort' }];
  });
}
