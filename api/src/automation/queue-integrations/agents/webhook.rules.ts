/**
 * The webhook and n8n agents' decisions on a receiver's answer, as pure functions: WebhookDeliveryService calls them;
 * webhook.rules.spec.ts tests them in milliseconds.
 */

/** The parts of a receiver's 2xx JSON answer that act on the ticket. */
export interface WebhookAnswer {
  replies: string[];
  handOff: boolean;
  close: boolean;
}

/** Reads `reply` (string), `replies` (string[]), `handOff: true`, `close: true` from an answer body; anything else is ignored. */
export function readAnswer(text: string): WebhookAnswer {
  let v: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { replies: [], handOff: false, close: false };
    v = parsed as Record<string, unknown>;
  } catch {
    return { replies: [], handOff: false, close: false };
  }
  const replies = [
    ...(typeof v.reply === 'string' ? [v.reply] : []),
    ...(Array.isArray(v.replies) ? v.replies.filter((r): r is string => typeof r === 'string') : []),
  ].filter((r) => r.trim());
  return { replies, handOff: v.handOff === true, close: v.close === true };
}
