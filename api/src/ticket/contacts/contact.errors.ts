import { defineErrors } from '../../common/http/errors';

/** Error codes of the contacts routes (codes of the spec's catalogue where one fits). */
export const ContactError = defineErrors({
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Contact not found' },
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'The company already has a contact with this number' },
});
