/**
 * Texts of the quick-messages page (features/quick-messages).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const quickMessagesPt = {
  'quickMessages.placeholder': '—',
};

export type QuickMessagesMessages = Record<keyof typeof quickMessagesPt, string>;

export const quickMessagesEn: QuickMessagesMessages = {
  'quickMessages.placeholder': '—',
};

export const quickMessagesEs: QuickMessagesMessages = {
  'quickMessages.placeholder': '—',
};
