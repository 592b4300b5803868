import { errorsEs } from './errors.es';
import { everydayEs } from './everyday.es';
import { kitEs } from './kit.es';
import { shellEs } from './shell.es';
import { ticketsEs } from './tickets.es';
import { chatEs } from './chat.es';
import { contactEs } from './contact.es';
import { composerEs } from './composer.es';
import { notificationsEs } from './notifications.es';
import { contactsEs } from './contacts.es';
import { kanbanEs } from './kanban.es';
import { attendantToolsEs } from './attendant-tools.es';
import { everydayFeatureEs } from './everyday-texts.es';
import { embedSessionEs } from './embed-session-texts.es';
import type { LocaleMessages } from './pt';

/**
 * The Spanish core table: every key of pt.ts and of the feature tables it carries (TypeScript checks), merged from
 * the areas' Spanish modules (./*.es.ts). Only translate.ts's `loadLocale('es')` imports it, and dynamically: a page
 * shown in another language never downloads it (tests import it directly).
 */
export const es: LocaleMessages = {
  'action.save': 'Guardar',
  'action.cancel': 'Cancelar',
  'action.delete': 'Eliminar',
  'action.retry': 'Intentar de nuevo',
  'action.send': 'Enviar',

  'field.email': 'Correo electrónico',
  'field.email.description': 'El correo con el que inicias sesión.',
  'field.password': 'Contraseña',
  'field.name': 'Nombre',
  'field.search': 'Buscar',

  'validation.required': 'Campo obligatorio',
  'validation.email': 'Correo electrónico inválido',
  'validation.minLength': 'Usa al menos {count} caracteres',

  'theme.toDark': 'Tema oscuro',
  'theme.toLight': 'Tema claro',

  'app.tagline': 'Atención multiempresa por WhatsApp',
  'app.apiDocs': 'Documentación de la API',

  'error.generic': 'Algo salió mal. Inténtalo de nuevo.',

  // API error codes (./errors.ts).
  ...errorsEs,

  // The kit's widgets and forms (./kit.ts).
  ...kitEs,

  // Singular forms of counted texts (./everyday.ts).
  ...everydayEs,

  // Shell and account screens (./shell.ts).
  ...shellEs,

  // The attendance workspace: ticket manager, conversation and composer, contact drawer (./tickets.ts, ./chat.ts, ./contact.ts).
  ...ticketsEs,
  ...chatEs,
  ...contactEs,
  ...composerEs,
  ...notificationsEs,

  // The attendance pages: contacts, dashboard, tags and kanban, quick messages.
  ...contactsEs,
  ...kanbanEs,

  // Feature tables of what every list + chat page shows, defined with their pt only (feature-texts.ts: definePtTexts).
  ...attendantToolsEs,
  ...everydayFeatureEs,
  ...embedSessionEs,
};
