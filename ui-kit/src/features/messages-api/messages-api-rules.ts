import type { Rule } from '../../forms/validators';
import type { MessageKey } from '../../i18n/pt';
import { absoluteApiBase } from '../../provider/white-label';

/** The API's limit on a message text (and a file's caption). */
export const API_MESSAGE_MAX = 4096;
/** Files one call may carry in `medias`. */
export const API_MEDIA_MAX_FILES = 5;
/** The largest file the API takes of each kind, in MB (WhatsApp's own limits are in this range). */
export const API_MEDIA_LIMITS_MB = { image: 16, audio: 16, video: 64, document: 64 } as const;
/** No file above this reaches the API: larger ones are refused before sending. */
export const API_MEDIA_MAX_BYTES = API_MEDIA_LIMITS_MB.video * 1024 * 1024;
/** Calls a token may make a minute (THROTTLE_MESSAGES_API_LIMIT on the server, 60 by default). */
export const API_RATE_LIMIT_DEFAULT = 60;
/** A number the API takes: country code, area code and number, 10 to 15 digits. */
export const API_NUMBER_PATTERN = /^\d{10,15}$/;
/** The number of the examples. */
export const EXAMPLE_NUMBER = '5511999998888';

/** The digits of a typed number: the number goes without mask. */
export const digitsOf = (value: string): string => value.replace(/\D/g, '');

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const tokenRule: Rule<unknown> = (value) => text(value).trim() !== '' || 'messagesApi.validation.required';

/** 10 to 15 digits once spaces, dashes, dots, parentheses and a leading + are dropped; any other character fails. */
export const numberRule: Rule<unknown> = (value) => {
  const typed = text(value).trim();
  if (!typed) return 'messagesApi.validation.required';
  if (/[^\d\s().+-]/.test(typed)) return 'messagesApi.validation.number';
  return API_NUMBER_PATTERN.test(digitsOf(typed)) || 'messagesApi.validation.number';
};

export const bodyRule: Rule<unknown> = (value) => {
  const typed = text(value);
  if (!typed.trim()) return 'messagesApi.validation.body';
  return typed.length <= API_MESSAGE_MAX || 'messagesApi.validation.tooLong';
};

export const captionRule: Rule<unknown> = (value) => text(value).length <= API_MESSAGE_MAX || 'messagesApi.validation.tooLong';

export const fileRule: Rule<unknown> = (value) => {
  if (!value || typeof value !== 'object') return 'messagesApi.validation.file';
  return (value as { size?: number }).size === undefined || (value as { size: number }).size <= API_MEDIA_MAX_BYTES || 'messagesApi.validation.fileTooLarge';
};

/** The absolute URL of POST /messages/send on the API the kit's client talks to. */
export function messagesSendUrl(apiUrl: string): string {
  return new URL('messages/send', absoluteApiBase(apiUrl)).href;
}

/** A value inside single quotes for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface CurlExample {
  url: string;
  token: string;
  number: string;
  body: string;
}

/** `curl` sending a text as JSON. */
export function curlTextExample({ url, token, number, body }: CurlExample): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify({ number, body }))}`,
  ].join('\n');
}

/** `curl` sending a file (and its caption) as multipart/form-data. */
export function curlMediaExample({ url, token, number, body, file }: CurlExample & { file: string }): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${token}`)} \\`,
    `  -F ${shellQuote(`number=${number}`)} \\`,
    `  -F ${shellQuote(`body=${body}`)} \\`,
    `  -F ${shellQuote(`medias=@${file}`)}`,
  ].join('\n');
}

/** The form field a server field error belongs to: `medias[0]` is the file. */
export function formFieldOf(serverField: string): 'token' | 'number' | 'body' | 'file' | null {
  if (serverField === 'number' || serverField === 'body') return serverField;
  if (/^medias(\[\d+\])?$/.test(serverField)) return 'file';
  return null;
}

/** The API's English field messages that the kit has texts for; any other stays as the server wrote it. */
const SERVER_FIELD_MESSAGES: Record<string, MessageKey> = {
  Required: 'messagesApi.validation.required',
  'Too Long!': 'messagesApi.validation.tooLong',
  'Unsupported file type': 'ERR_UNSUPPORTED_MEDIA_TYPE',
  'Too large': 'ERR_MEDIA_TOO_LARGE',
};

/** The message key of a server field message, or null to show the server's text. */
export function serverFieldMessageKey(field: string, message: string): MessageKey | null {
  if (field === 'number' && message.startsWith('Invalid number')) return 'messagesApi.validation.number';
  return SERVER_FIELD_MESSAGES[message] ?? null;
}
