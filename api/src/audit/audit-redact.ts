/** Field names whose values never reach the audit log: passwords, tokens, keys, credentials. */
const SECRET_FIELD = /pass(word)?|token|secret|credential|api[-_]?key|private[-_]?key|authorization|cookie|hash|certificate|^key$|apikey|senha/i;
export const REDACTED = '[redacted]';
const MAX_STRING = 200;
const MAX_ITEMS = 50;
const MAX_DEPTH = 4;

/**
 * The fields a write sent, as the audit log keeps them: secrets replaced by `[redacted]` (whatever their nesting),
 * long texts cut, long lists shortened. `secretValue` redacts a body whose meaning is a secret although its field
 * name is not (a setting's `value` when the setting is a credential).
 */
export function redactChanges(body: unknown, secretValue = false): Record<string, unknown> | null {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) return null;
  const out = redact(body, 0) as Record<string, unknown>;
  if (secretValue && 'value' in out) out.value = REDACTED;
  return Object.keys(out).length ? out : null;
}

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_FIELD.test(k) && v !== null && v !== undefined && v !== '' ? REDACTED : redact(v, depth + 1);
  }
  return out;
}
