import { errorsPt } from './errors';
import { kitPt } from './kit';
import { shellPt } from './shell';
import { ticketsPt } from './tickets';
import { chatPt } from './chat';
import { contactPt } from './contact';
import { composerPt } from './composer';
import { notificationsPt } from './notifications';
import { contactsPt } from './contacts';
import { dashboardPt } from './dashboard';
import { kanbanPt } from './kanban';
import { quickMessagesPt } from './quick-messages';
import { messagesApiPt } from './messages-api';
import { connectionsPt } from './connections';

/**
 * Portuguese: the source table, the default locale and the fallback of the others.
 * Its keys are the kit's message keys; `{name}` marks a variable.
 */
export const pt = {
  'action.save': 'Salvar',
  'action.cancel': 'Cancelar',
  'action.delete': 'Excluir',
  'action.send': 'Enviar',

  'field.email': 'Email',
  'field.email.description': 'O email que você usa para entrar.',
  'field.password': 'Senha',
  'field.name': 'Nome',
  'field.search': 'Pesquisar',

  'validation.required': 'Campo obrigatório',
  'validation.email': 'Email inválido',
  'validation.minLength': 'Use pelo menos {count} caracteres',

  'theme.toDark': 'Tema escuro',
  'theme.toLight': 'Tema claro',

  'app.tagline': 'Atendimento multiempresa pelo WhatsApp',
  'app.apiDocs': 'Documentação da API',

  'error.generic': 'Algo deu errado. Tente novamente.',

  // API error codes (./errors.ts).
  ...errorsPt,

  // The kit's widgets and forms (./kit.ts).
  ...kitPt,

  // Shell and account screens (./shell.ts).
  ...shellPt,

  // The attendance workspace: ticket manager, conversation and composer, contact drawer (./tickets.ts, ./chat.ts, ./contact.ts).
  ...ticketsPt,
  ...chatPt,
  ...contactPt,
  ...composerPt,
  ...notificationsPt,

  // The attendance pages: contacts, dashboard, tags and kanban, quick messages.
  ...contactsPt,
  ...dashboardPt,
  ...kanbanPt,
  ...quickMessagesPt,
  ...messagesApiPt,
  ...connectionsPt,
} as const;

export type MessageKey = keyof typeof pt;
/** A complete table: TypeScript reports a key missing from en or es. */
export type Messages = Record<MessageKey, string>;
