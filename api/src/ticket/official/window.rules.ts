import type { TemplateChoice, TemplatePurpose } from '../../connection/whatsapps/whatsapp.entity';

/** Meta's customer service window: free messages for 24 hours after the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** A customer's window on one official connection. */
export interface CustomerWindow {
  open: boolean;
  /** When it closes (or closed): 24 h after the last inbound message; null when the customer never wrote. */
  expiresAt: Date | null;
  lastInboundAt: Date | null;
}

/** Open while the customer's last message is less than 24 hours old. */
export function windowOf(lastInboundAt: Date | null, now: Date): CustomerWindow {
  if (!lastInboundAt) return { open: false, expiresAt: null, lastInboundAt: null };
  const expiresAt = new Date(lastInboundAt.getTime() + WINDOW_MS);
  return { open: expiresAt.getTime() > now.getTime(), expiresAt, lastInboundAt };
}

/**
 * What an outbound message becomes on its connection: sent as written (not official, or the window open), the
 * purpose's chosen template (an automatic message outside the window), or refused: free text outside the window
 * (ERR_WINDOW_CLOSED), an automatic message whose purpose has no template chosen (ERR_NO_TEMPLATE_CHOSEN).
 */
export type OutboundPlan =
  | { kind: 'as-written' }
  | { kind: 'template'; purpose: TemplatePurpose; choice: TemplateChoice }
  | { kind: 'refused'; code: 'ERR_WINDOW_CLOSED' }
  | { kind: 'refused'; code: 'ERR_NO_TEMPLATE_CHOSEN'; purpose: TemplatePurpose };

export function planOutbound(input: {
  official: boolean;
  window: Pick<CustomerWindow, 'open'>;
  purpose?: TemplatePurpose;
  choices?: Partial<Record<TemplatePurpose, TemplateChoice | null>> | null;
}): OutboundPlan {
  if (!input.official || input.window.open) return { kind: 'as-written' };
  if (!input.purpose) return { kind: 'refused', code: 'ERR_WINDOW_CLOSED' };
  const choice = input.choices?.[input.purpose];
  if (!choice?.name || !choice.language) return { kind: 'refused', code: 'ERR_NO_TEMPLATE_CHOSEN', purpose: input.purpose };
  return { kind: 'template', purpose: input.purpose, choice };
}

/** How the chat and the refusals name each automatic message. */
export const PURPOSE_NAMES: Record<TemplatePurpose, string> = {
  greeting: 'greeting',
  farewell: 'farewell',
  rating: 'rating request',
  outOfHours: 'out-of-hours',
  transfer: 'transfer notice',
  inactive: 'inactivity',
  schedule: 'scheduled',
  campaign: 'campaign',
};

const TEMPLATE_VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * A template's text with its body variables filled: `{{1}}` is params[0], `{{2}}` params[1]; named variables
 * (`{{order_id}}`) take the params in the order they first appear. A variable without a value stays as written.
 */
export function renderTemplate(body: string, params: readonly string[]): string {
  const named = new Map<string, number>();
  return body.replace(TEMPLATE_VARIABLE, (whole, key: string) => {
    let index: number;
    if (/^\d+$/.test(key)) index = Number(key) - 1;
    else {
      if (!named.has(key)) named.set(key, named.size);
      index = named.get(key)!;
    }
    return params[index] ?? whole;
  });
}
