import type { ContactList, ContactListItem } from './contact-list-rules';

const AT = '2026-11-20T12:00:00.000Z';

export function contactListDto(over: Partial<ContactList> = {}): ContactList {
  return { id: 1, name: 'Clientes SP', contactsCount: 0, companyId: 3, createdAt: AT, updatedAt: AT, ...over };
}

export function contactListItemDto(over: Partial<ContactListItem> = {}): ContactListItem {
  return {
    id: 1,
    name: 'Maria Souza',
    number: '5511999990000',
    email: '',
    isWhatsappValid: null,
    companyId: 3,
    contactListId: 1,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

/** Lists by name, as the API answers them. */
export const sampleContactLists: ContactList[] = [
  contactListDto({ id: 1, name: 'Clientes SP', contactsCount: 1250 }),
  contactListDto({ id: 2, name: 'Fornecedores', contactsCount: 1 }),
  contactListDto({ id: 3, name: 'Leads da feira de novembro com um nome bem comprido', contactsCount: 0 }),
];

/** A list's contacts by name: one with WhatsApp, one without, one not checked yet. */
export const sampleContactListItems: ContactListItem[] = [
  contactListItemDto({ id: 11, name: 'Ana Lima', number: '5511987650001', email: 'ana@example.com', isWhatsappValid: true }),
  contactListItemDto({ id: 12, name: 'Bruno Costa', number: '5521912340002', email: '', isWhatsappValid: false }),
  contactListItemDto({ id: 13, name: 'Carla Dias', number: '5531998760003', email: 'carla.dias@empresa.com.br', isWhatsappValid: null }),
];
