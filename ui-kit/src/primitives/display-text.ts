/**
 * A value shown as text: strings as they are, numbers, bigints and booleans written out; nothing (null, undefined),
 * or a value that is not text (an object, a function), is '' rather than '[object Object]'.
 */
export function displayText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}
