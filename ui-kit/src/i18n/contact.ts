/**
 * Texts of the contact drawer (contact details, inline edit, extra info) and ticket notes (features/contact).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const contactPt = {
  'contact.placeholder': '',
};

export type ContactMessages = Record<keyof typeof contactPt, string>;

export const contactEn: ContactMessages = {
  'contact.placeholder': '',
};

export const contactEs: ContactMessages = {
  'contact.placeholder': '',
};
