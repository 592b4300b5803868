/**
 * Texts of the ticket conversation (header, message history, media, audio, acks) and the composer (features/chat).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const chatPt = {
  'chat.placeholder': '',
};

export type ChatMessages = Record<keyof typeof chatPt, string>;

export const chatEn: ChatMessages = {
  'chat.placeholder': '',
};

export const chatEs: ChatMessages = {
  'chat.placeholder': '',
};
