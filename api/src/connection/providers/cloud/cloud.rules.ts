import { ProviderError, type ProviderTemplate } from '../messaging-provider';
import { GraphError } from './graph-client';

/**
 * Pure decisions of the official (Cloud API) provider: which of Meta's error codes means what to the platform, and the
 * shapes of templates. https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */

/** Meta's codes that refuse a message for good: sending it again changes nothing. */
const FINAL_CODES: Record<number, string> = {
  // Re-engagement message: more than 24 hours since the customer's last message; only a template goes.
  131047: 'ERR_WINDOW_CLOSED',
  // Undeliverable (not on WhatsApp, an old app, blocked), the recipient is the sender, not in the test allowed list.
  131026: 'ERR_WAPP_INVALID_CONTACT',
  131021: 'ERR_WAPP_INVALID_CONTACT',
  131030: 'ERR_WAPP_INVALID_CONTACT',
  // The access token expired, was revoked or lacks the permission.
  190: 'ERR_CLOUD_CREDENTIALS',
  // Template problems: wrong parameter count, no such template (name, language), text too long, policy, format; paused.
  132000: 'ERR_TEMPLATE_NOT_FOUND',
  132001: 'ERR_TEMPLATE_NOT_FOUND',
  132005: 'ERR_TEMPLATE_NOT_FOUND',
  132007: 'ERR_TEMPLATE_NOT_FOUND',
  132012: 'ERR_TEMPLATE_NOT_FOUND',
  132015: 'ERR_TEMPLATE_NOT_FOUND',
  132016: 'ERR_TEMPLATE_NOT_FOUND',
};

/** Meta's throughput and availability codes: the same send may succeed a little later. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export const SEND_FAILED_CODE = 'ERR_SENDING_WAPP_MSG';

/** Our code for one of Meta's error codes (a `failed` status's, or a refused call's). */
export function codeOf(graphCode: number | undefined, status?: number): string {
  if (graphCode !== undefined && FINAL_CODES[graphCode]) return FINAL_CODES[graphCode];
  if (status === 401) return 'ERR_CLOUD_CREDENTIALS';
  return SEND_FAILED_CODE;
}

/** Whether a failed Graph call may succeed if made again: throughput limits, Meta's own trouble, the network. */
export function isRetryable(e: unknown): boolean {
  if (!(e instanceof GraphError)) return true;
  if (e.code !== undefined && RETRYABLE_CODES.has(e.code)) return true;
  if (e.code !== undefined && FINAL_CODES[e.code]) return false;
  return e.status === 429 || e.status >= 500;
}

/** Whether the Graph API refused the connection's credentials (the token invalid or expired). */
export const refusesCredentials = (e: unknown): boolean => e instanceof GraphError && (e.code === 190 || e.status === 401);

/**
 * A refused send as the send processor takes it: a retryable failure stays a plain Error (the job tries again);
 * anything else is a ProviderError with our code and Meta's words.
 */
export function sendFailure(e: unknown): Error {
  if (isRetryable(e)) return e instanceof Error ? e : new Error(String(e));
  const g = e as GraphError;
  return new ProviderError(g.details ? `${g.message}: ${g.details}` : g.message, codeOf(g.code, g.status));
}

/** A status webhook's word as our ack; null for what is not an ack (failed, deleted, warning). */
export function ackOf(status: string): number | null {
  switch (status) {
    case 'sent':
      return 2;
    case 'delivered':
      return 3;
    case 'read':
      return 4;
    case 'played':
      return 5;
    default:
      return null;
  }
}

/** A template as the Graph API lists it (GET /{waba-id}/message_templates). */
export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components?: { type: string; format?: string; text?: string }[];
}

/** The body's variables: distinct `{{1}}`, `{{2}}` or named `{{customer_name}}` ones. */
export function bodyParams(body: string): number {
  return new Set([...body.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1])).size;
}

export function mapTemplate(t: GraphTemplate): ProviderTemplate {
  const part = (type: string) => t.components?.find((c) => c.type.toUpperCase() === type);
  const body = part('BODY')?.text ?? '';
  const header = part('HEADER');
  return {
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    body,
    header: header && (header.format ?? 'TEXT').toUpperCase() === 'TEXT' ? (header.text ?? null) : null,
    footer: part('FOOTER')?.text ?? null,
    params: bodyParams(body),
  };
}
