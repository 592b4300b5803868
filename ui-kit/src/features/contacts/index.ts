// The contacts page: search, infinite table, add/edit modal, delete, phone-book import, CSV export, create ticket.
export { ContactsPage, type ContactsPageProps } from './ContactsPage/ContactsPage';
export { ContactsPageView, type ContactsPageViewProps, type ContactImportState } from './ContactsPageView/ContactsPageView';
export { ContactModal, EMPTY_CONTACT, type ContactModalProps } from './ContactModal/ContactModal';
export { ContactTicketDialog, type ContactTicketDialogProps, type ContactTicketChoice, type NamedChoice } from './ContactTicketDialog/ContactTicketDialog';
export { contactsCsv, CONTACTS_CSV_SEPARATOR, CONTACTS_CSV_COLUMNS, CSV_BOM } from './contacts-csv';
export { useImportContacts, fetchAllContacts, searchContacts } from './contacts-data';
export { useAllContacts, useContact, useContacts, useCreateContact, useDeleteContact, useUpdateContact } from './data/contacts';
export { removeContact, writeContact } from './data/contact-cache';
export { contactsRealtime } from './data/realtime';
