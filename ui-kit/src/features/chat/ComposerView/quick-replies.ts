import type { Schema } from '../../../client';

export type QuickMessage = Schema<'QuickMessageDto'>;

/** Spec §5: suggestion labels are cut at 35 characters. */
export const QUICK_REPLY_LABEL_MAX = 35;

/** '/shortcode - message', cut at 35 characters (with an ellipsis). */
export function quickReplyLabel(quick: Pick<QuickMessage, 'shortcode' | 'message'>): string {
  const label = quick.message ? `/${quick.shortcode} - ${quick.message}` : `/${quick.shortcode}`;
  const flat = label.replace(/\s+/g, ' ');
  return flat.length > QUICK_REPLY_LABEL_MAX ? `${flat.slice(0, QUICK_REPLY_LABEL_MAX)}...` : flat;
}

/**
 * Spec §5: suggestions appear when the text starts with / and has more than one character; they are the quick
 * messages whose shortcode contains what follows the / (case-insensitive), those starting with it first.
 */
export function matchQuickReplies<Q extends Pick<QuickMessage, 'shortcode'>>(text: string, quickMessages: readonly Q[]): Q[] {
  if (!text.startsWith('/') || text.length < 2 || text.includes('\n')) return [];
  const search = text.slice(1).toLowerCase();
  const hits = quickMessages.filter((q) => q.shortcode.toLowerCase().includes(search));
  const starts = (q: Q) => (q.shortcode.toLowerCase().startsWith(search) ? 0 : 1);
  return [...hits].sort((a, b) => starts(a) - starts(b));
}
