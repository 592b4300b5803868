import type { ContactListDto, ContactListEntryDto } from './data/contact-lists';
import { CONTACT_SPREADSHEET_MAX_BYTES } from './data/contact-lists';
import { compose, email, maxLength, minLength, required, type Rule } from '../../forms/validators';

export type ContactList = ContactListDto;
export type ContactListItem = ContactListEntryDto;

/** What the list modal edits. */
export interface ContactListFormValues {
  name: string;
}

/** What the contact modal edits. */
export interface ContactListItemFormValues {
  name: string;
  number: string;
  email: string;
}

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** Spec §5: list and contact names are required, 2 to 50 ('Obrigatório', 'Too Short!', 'Too Long!'). */
export const contactListNameRule: Rule<unknown> = trimmed(
  compose(required('contactLists.validation.required'), minLength(2, 'contactLists.validation.tooShort'), maxLength(50, 'contactLists.validation.tooLong')),
);

/** The digits of a number as typed ('+55 (11) 99999-9999' is 5511999999999): what the API keeps. */
export const numberDigits = (value: string): string => value.replace(/\D+/g, '');

/** Spec §5: the number has 8 to 50 characters; counted on its digits, which is what is stored. */
export const contactNumberRule: Rule<unknown> = (value) => {
  const digits = numberDigits(typeof value === 'string' ? value : '');
  if (digits === '') return 'contactLists.validation.required';
  if (digits.length < 8) return 'contactLists.validation.tooShort';
  if (digits.length > 50) return 'contactLists.validation.tooLong';
  return true;
};

/** Spec §5: optional, but valid when given ('Invalid email'). */
export const contactEmailRule: Rule<unknown> = trimmed(compose(email('contactLists.validation.email'), maxLength(255, 'contactLists.validation.tooLong')));

export function contactListItemFormValues(item: ContactListItem | null | undefined): ContactListItemFormValues {
  return { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' };
}

/** POST/PUT /contact-list-items: trimmed, the number as digits, a blank e-mail as none. */
export function contactListItemBody(values: ContactListItemFormValues): { name: string; number: string; email: string | null } {
  return { name: values.name.trim(), number: numberDigits(values.number), email: values.email.trim() || null };
}

/** Why a picked file cannot be imported, or null (the API checks the bytes again). */
export function spreadsheetProblem(file: File): 'contactListItems.import.type' | 'contactListItems.import.tooLarge' | null {
  if (!/\.(xlsx?|XLSX?)$/.test(file.name)) return 'contactListItems.import.type';
  if (file.size > CONTACT_SPREADSHEET_MAX_BYTES) return 'contactListItems.import.tooLarge';
  return null;
}

/** The search text as the API gets it (spec §4: lower-cased, trimmed). */
export const contactSearchParam = (text: string): string => text.trim().toLowerCase();

/** The whatsapp-valid state of a contact, for its icon and label. */
export type WhatsappValidity = 'valid' | 'invalid' | 'unchecked';
export const validityOf = (item: Pick<ContactListItem, 'isWhatsappValid'>): WhatsappValidity =>
  item.isWhatsappValid === true ? 'valid' : item.isWhatsappValid === false ? 'invalid' : 'unchecked';
