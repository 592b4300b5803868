import type { ILogger } from './baileys-types';

/** Where the adapter writes: Nest's Logger has this shape. */
export interface LogSink {
  warn(message: string): void;
  error(message: string): void;
}

const MAX = 200;

/**
 * The logger handed to Baileys: its warnings and errors, one short line each, on Nest's logger; nothing below warn.
 * Baileys logs objects that can hold session secrets (keys, creds, message nodes), so objects are never printed:
 * only the message text and, for an error, its name and message.
 */
export function baileysLogger(sink: LogSink, prefix: string): ILogger {
  const write = (level: 'warn' | 'error') => (obj: unknown, msg?: string) => sink[level](`${prefix}: ${describe(obj, msg)}`);
  const noop = () => undefined;
  const logger: ILogger = {
    level: 'warn',
    child: () => logger,
    trace: noop,
    debug: noop,
    info: noop,
    warn: write('warn'),
    error: write('error'),
  };
  return logger;
}

function describe(obj: unknown, msg?: string): string {
  const text = typeof msg === 'string' ? msg : typeof obj === 'string' ? obj : '';
  const err = errorOf(obj);
  const line = [text, err && `${err.name}: ${err.message}`].filter(Boolean).join(' - ') || 'unspecified';
  // One line, bounded: no stack, no control characters.
  // eslint-disable-next-line no-control-regex
  const clean = line.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return clean.length > MAX ? `${clean.slice(0, MAX)}…` : clean;
}

/** An Error given as the object or as its `err`/`error` field (by shape: Baileys' errors come from another realm in tests). */
function errorOf(obj: unknown): { name: string; message: string } | undefined {
  const isError = (v: unknown): v is Error =>
    typeof v === 'object' && v !== null && typeof (v as Error).message === 'string' && typeof (v as Error).stack === 'string';
  if (isError(obj)) return { name: obj.name, message: obj.message };
  if (typeof obj === 'object' && obj !== null) {
    const inner = (obj as { err?: unknown; error?: unknown }).err ?? (obj as { error?: unknown }).error;
    if (isError(inner)) return { name: inner.name, message: inner.message };
  }
  return undefined;
}
