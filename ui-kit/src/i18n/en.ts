import { errorsEn } from './errors.en';
import { everydayEn } from './everyday.en';
import { kitEn } from './kit.en';
import { shellEn } from './shell.en';
import { ticketsEn } from './tickets.en';
import { chatEn } from './chat.en';
import { contactEn } from './contact.en';
import { composerEn } from './composer.en';
import { notificationsEn } from './notifications.en';
import { contactsEn } from './contacts.en';
import { kanbanEn } from './kanban.en';
import { attendantToolsEn } from './attendant-tools.en';
import { everydayFeatureEn } from './everyday-texts.en';
import { embedSessionEn } from './embed-session-texts.en';
import type { LocaleMessages } from './pt';

/**
 * The English core table: every key of pt.ts and of the feature tables it carries (TypeScript checks), merged from
 * the areas' English modules (./*.en.ts). Only translate.ts's `loadLocale('en')` imports it, and dynamically: a page
 * shown in another language never downloads it (tests import it directly).
 */
export const en: LocaleMessages = {
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

  // Feature tables of what every list + chat page shows, defined with their pt only (feature-texts.ts: definePtTexts).
  ...attendantToolsEn,
  ...everydayFeatureEn,
  ...embedSessionEn,
};
