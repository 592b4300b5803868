import { errorsPt } from './errors';
import { everydayPt } from './everyday';
import { kitPt } from './kit';
import { shellPt } from './shell';
import { ticketsPt } from './tickets';
import { chatPt } from './chat';
import { contactPt } from './contact';
import { composerPt } from './composer';
import { notificationsPt } from './notifications';
import { contactsPt } from './contacts';
import type { dashboardPt } from '../features/dashboard/dashboard.texts';
import { kanbanPt } from './kanban';
import type { quickMessagesPt } from '../features/quick-messages/quick-messages.texts';
import type { messagesApiPt } from '../features/messages-api/messages-api.texts';
import type { connectionsPt } from '../features/connections/connections.texts';
import type { usersPt } from '../features/admin/users/users.texts';
import type { queuesPt } from './queues';
import type { settingsPt } from '../features/admin/settings/settings.texts';
import type { attendantToolsPt } from '../features/chat/attendant-tools.texts';
import type { plansPt } from '../features/admin/plans/plans.texts';
import type { companiesPt } from '../features/admin/companies/companies.texts';
import type { helpsPt } from '../features/admin/helps/helps.texts';
import type { auditPt } from '../features/audit/audit.texts';
import type { holidaysPt } from '../features/admin/holidays/holidays.texts';
import type { embedKeysPt } from '../features/admin/embed-keys/embed-keys.texts';
import type { schedulesPt } from '../features/schedules/schedules.texts';
import type { fileListsPt } from '../features/campaigns/file-lists.texts';
import type { promptsPt } from '../features/prompts/prompts.texts';
import type { announcementsPt } from '../features/announcements/announcements.texts';
import type { announcementsBellPt } from '../features/announcements/announcements-bell.texts';
import type { queueIntegrationsPt } from '../features/queue-integrations/queue-integrations.texts';
import type { contactListsPt } from '../features/campaigns/contact-lists.texts';
import type { campaignSettingsPt } from '../features/campaigns/campaign-settings.texts';
import type { campaignsPt } from '../features/campaigns/campaigns.texts';
import type { billingPt } from '../features/billing/billing.texts';
import type { internalChatPt } from '../features/internal-chat/internal-chat.texts';
import type { chatsBellPt } from '../features/internal-chat/chats-bell.texts';
import type { tasksPt } from '../features/tasks/tasks.texts';
import type { tasksBellPt } from '../features/tasks/tasks-bell.texts';
import type { emojiPt } from '../features/chat/emoji.texts';
import type { officialPt } from '../features/chat/official.texts';
import type { windowPt } from '../features/chat/window.texts';
import type { everydayFeaturePt } from './everyday-texts';
import type { whiteLabelPt } from '../features/admin/settings/white-label.texts';
import type { bulkPt } from './bulk';
import type { embedSessionPt } from './embed-session-texts';

/**
 * Portuguese: the source table, the default locale and the fallback of the others.
 * Its keys are the kit's message keys; `{name}` marks a variable.
 */
export const pt = {
  'action.save': 'Salvar',
  'action.cancel': 'Cancelar',
  'action.delete': 'Excluir',
  'action.retry': 'Tentar de novo',
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

  // Singular forms of counted texts (./everyday.ts).
  ...everydayPt,

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
  ...kanbanPt,

  // Admin pages bring their own tables with their chunk (./feature-texts.ts): the messages API, connections.
} as const;

/** Keys of the core table, which every widget loads. */
export type CoreMessageKey = keyof typeof pt;
/** Keys of the tables a feature brings with its own chunk and registers through `useT(texts)` (./feature-texts.ts). */
export type FeatureMessageKey =
  | keyof typeof dashboardPt
  | keyof typeof quickMessagesPt
  | keyof typeof messagesApiPt
  | keyof typeof connectionsPt
  | keyof typeof queuesPt
  | keyof typeof settingsPt
  | keyof typeof attendantToolsPt
  | keyof typeof plansPt
  | keyof typeof companiesPt
  | keyof typeof usersPt
  | keyof typeof helpsPt
  | keyof typeof auditPt
  | keyof typeof holidaysPt
  | keyof typeof embedKeysPt
  | keyof typeof schedulesPt
  | keyof typeof fileListsPt
  | keyof typeof promptsPt
  | keyof typeof announcementsPt
  | keyof typeof announcementsBellPt
  | keyof typeof queueIntegrationsPt
  | keyof typeof contactListsPt
  | keyof typeof campaignSettingsPt
  | keyof typeof campaignsPt
  | keyof typeof billingPt
  | keyof typeof internalChatPt
  | keyof typeof chatsBellPt
  | keyof typeof tasksPt
  | keyof typeof tasksBellPt
  | keyof typeof emojiPt
  | keyof typeof officialPt
  | keyof typeof windowPt
  | keyof typeof everydayFeaturePt
  | keyof typeof whiteLabelPt
  | keyof typeof embedSessionPt
  | keyof typeof bulkPt;
export type MessageKey = CoreMessageKey | FeatureMessageKey;
/** A complete core table: TypeScript reports a key missing from en or es. */
export type Messages = Record<CoreMessageKey, string>;
/** Keys of the feature tables whose en and es texts travel in the core en and es tables (feature-texts.ts: definePtTexts). */
export type CarriedMessageKey = keyof typeof attendantToolsPt | keyof typeof everydayFeaturePt | keyof typeof embedSessionPt;
/** The en and es core tables: every core key and every carried feature key (TypeScript reports one missing). */
export type LocaleMessages = Record<CoreMessageKey | CarriedMessageKey, string>;
