import { errorsEs } from './errors';
import { everydayEs } from './everyday';
import { kitEs } from './kit';
import { shellEs } from './shell';
import { ticketsEs } from './tickets';
import { chatEs } from './chat';
import { contactEs } from './contact';
import { composerEs } from './composer';
import { notificationsEs } from './notifications';
import { contactsEs } from './contacts';
import { kanbanEs } from './kanban';
import type { Messages } from './pt';

export const es: Messages = {
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
};
