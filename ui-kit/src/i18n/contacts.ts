/**
 * Texts of the contacts page (features/contacts).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const contactsPt = {
  'contacts.placeholder': '—',
};

export type ContactsMessages = Record<keyof typeof contactsPt, string>;

export const contactsEn: ContactsMessages = {
  'contacts.placeholder': '—',
};

export const contactsEs: ContactsMessages = {
  'contacts.placeholder': '—',
};
