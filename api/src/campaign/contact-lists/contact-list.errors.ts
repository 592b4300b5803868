import { defineErrors } from '../../common/http/errors';

/** Error codes of the contact lists and contact list items routes. */
export const ContactListError = defineErrors({
  ERR_CONTACT_LIST_NOT_FOUND: { status: 404, message: 'Contact list not found' },
  ERR_CONTACT_LIST_ITEM_NOT_FOUND: { status: 404, message: 'Contact not found in the contact lists' },
  ERR_CONTACT_LIST_ITEM_DUPLICATED: { status: 409, message: 'This number is already in the contact list' },
});
