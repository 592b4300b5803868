import type { KitMessages } from './kit';

/** The English texts of ./kit.ts, a module of their own: only a page shown in English loads them (./en.ts). */
export const kitEn: KitMessages = {
  'validation.tooShort': 'Too Short!',
  'validation.tooLong': 'Too Long!',
  'validation.requiredShort': 'Required',
  'validation.invalidEmail': 'Invalid email',
  'validation.resetPassword': 'Your password must have at least 8 characters, with one uppercase letter, one lowercase letter and one digit.',
  'validation.passwordMismatch': 'Passwords do not match',
  'validation.messageTooShort': 'Message too short',
  'validation.messageTooLong': 'Message too long',
  'validation.chooseQueue': 'Choose the queue',
  'validation.invalidUrl': 'Invalid URL',
  'validation.invalidColor': 'Invalid colour',
  'validation.invalidDate': 'Invalid date',

  'error.unknown': 'An error occurred!',

  'action.close': 'Close',
  'action.copy': 'Copy',
  'action.copy.named': 'Copy {what}',
  'action.copy.done': 'Copied!',
  'action.copy.doneNamed': '{what} copied',
  'action.copy.failed': 'Could not copy: select the text and copy it.',
  'action.confirm': 'Confirm',
  'action.ok': 'OK',
  'action.more': 'More options',

  'password.show': 'Show password',
  'password.hide': 'Hide password',

  'status.loading': 'Loading...',
  'status.loadingMore': 'Loading more...',

  'select.placeholder': 'Select',
  'combo.typeMore': 'Type at least {count} characters',
  'combo.noOptions': 'No results found',

  'table.empty': 'No records found',
  'table.selectAll': 'Select all rows',
  'table.selectRow': 'Select row',

  'chip.remove': 'Remove {label}',
  'empty.title': 'Nothing here',

  'toast.region': 'Notifications',
  'toast.close': 'Close notification',
  'toast.success': 'Success',
  'toast.error': 'Error',
  'toast.info': 'Information',
  'toast.warning': 'Warning',
};
