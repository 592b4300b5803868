import { errorsEn } from './errors';
import { everydayEn } from './everyday';
import { kitEn } from './kit';
import { shellEn } from './shell';
import { ticketsEn } from './tickets';
import { chatEn } from './chat';
import { contactEn } from './contact';
import { composerEn } from './composer';
import { notificationsEn } from './notifications';
import { contactsEn } from './contacts';
import { kanbanEn } from './kanban';
import type { Messages } from './pt';

export const en: Messages = {
  'action.save': 'Save',
  'action.cancel': 'Cancel',
  'action.delete': 'Delete',
  'action.retry': 'Try again',
  'action.send': 'Send',

  'field.email': 'Email',
  'field.email.description': 'The email you sign in with.',
  'field.password': 'Password',
  'field.name': 'Name',
  'field.search': 'Search',

  'validation.required': 'Required field',
  'validation.email': 'Invalid email',
  'validation.minLength': 'Use at least {count} characters',

  'theme.toDark': 'Dark theme',
  'theme.toLight': 'Light theme',

  'app.tagline': 'Multi-company customer service over WhatsApp',
  'app.apiDocs': 'API documentation',

  'error.generic': 'Something went wrong. Please try again.',

  // API error codes (./errors.ts).
  ...errorsEn,

  // The kit's widgets and forms (./kit.ts).
  ...kitEn,

  // Singular forms of counted texts (./everyday.ts).
  ...everydayEn,

  // Shell and account screens (./shell.ts).
  ...shellEn,

  // The attendance workspace: ticket manager, conversation and composer, contact drawer (./tickets.ts, ./chat.ts, ./contact.ts).
  ...ticketsEn,
  ...chatEn,
  ...contactEn,
  ...composerEn,
  ...notificationsEn,

  // The attendance pages: contacts, dashboard, tags and kanban, quick messages.
  ...contactsEn,
  ...kanbanEn,
};
