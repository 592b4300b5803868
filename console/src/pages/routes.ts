import type { ComponentType } from 'react';
import type { MessageKey, Schema } from '@atende/ui-kit';
import { lazyPage } from './lazy-page';

export interface PageProps {
  title: MessageKey;
}

export interface PrivatePage {
  path: string;
  title: MessageKey;
  /** Loaded on first visit (lazyPage); a real screen replaces the placeholder here. */
  Page: ComponentType<PageProps>;
  /** The plan feature the screen needs: without it the route says so instead (the API refuses its calls too). */
  feature?: keyof Schema<'PlanFeaturesDto'>;
}

/** /tickets and /tickets/:ticketId: the ticket manager beside the chat (a chunk of its own, shared by both paths). */
const Tickets = lazyPage<PageProps>(() => import('./TicketsPage').then((m) => m.TicketsPage));

/** The dashboard (/ for admins and supervisors): a chunk of its own, with chart.js. */
const Dashboard = lazyPage<PageProps>(() => import('./DashboardPage').then((m) => m.DashboardPage));
const Contacts = lazyPage<PageProps>(() => import('./ContactsPage').then((m) => m.ContactsPage));
const QuickMessages = lazyPage<PageProps>(() => import('./QuickMessagesPage').then((m) => m.QuickMessagesPage));
const Tags = lazyPage<PageProps>(() => import('./TagsPage').then((m) => m.TagsPage));
const Chats = lazyPage<PageProps>(() => import('./ChatsPage').then((m) => m.ChatsPage));
const Kanban = lazyPage<PageProps>(() => import('./KanbanPage').then((m) => m.KanbanPage));
const MessagesApi = lazyPage<PageProps>(() => import('./MessagesApiPage').then((m) => m.MessagesApiPage));
const Connections = lazyPage<PageProps>(() => import('./ConnectionsPage').then((m) => m.ConnectionsPage));
const Users = lazyPage<PageProps>(() => import('./UsersPage').then((m) => m.UsersPage));
const Queues = lazyPage<PageProps>(() => import('./QueuesPage').then((m) => m.QueuesPage));
const Helps = lazyPage<PageProps>(() => import('./HelpsPage').then((m) => m.HelpsPage));
const Settings = lazyPage<PageProps>(() => import('./SettingsPage').then((m) => m.SettingsPage));
const Financeiro = lazyPage<PageProps>(() => import('./FinanceiroPage').then((m) => m.FinanceiroPage));
const Campaigns = lazyPage<PageProps>(() => import('./CampaignsPage').then((m) => m.CampaignsPage));
const CampaignReport = lazyPage<PageProps>(() => import('./CampaignReportPage').then((m) => m.CampaignReportPage));
const Subscription = lazyPage<PageProps>(() => import('./SubscriptionPage').then((m) => m.SubscriptionPage));
/** /schedules: the calendar (FullCalendar) loads only with this chunk. */
const Schedules = lazyPage<PageProps>(() => import('./SchedulesPage').then((m) => m.SchedulesPage));
const Files = lazyPage<PageProps>(() => import('./FilesPage').then((m) => m.FilesPage));
const Prompts = lazyPage<PageProps>(() => import('./PromptsPage').then((m) => m.PromptsPage));
const QueueIntegrations = lazyPage<PageProps>(() => import('./QueueIntegrationsPage').then((m) => m.QueueIntegrationsPage));
const Typebot = lazyPage<PageProps>(() => import('./TypebotPage').then((m) => m.TypebotPage));
const CampaignSettings = lazyPage<PageProps>(() => import('./CampaignSettingsPage').then((m) => m.CampaignSettingsPage));
const ContactLists = lazyPage<PageProps>(() => import('./ContactListsPage').then((m) => m.ContactListsPage));
const ContactListItems = lazyPage<PageProps>(() => import('./ContactListItemsPage').then((m) => m.ContactListItemsPage));
const Announcements = lazyPage<PageProps>(() => import('./AnnouncementsPage').then((m) => m.AnnouncementsPage));
/** /todolist: the rich-text editor (Tiptap) loads only with this chunk. */
const TodoList = lazyPage<PageProps>(() => import('./TodoListPage').then((m) => m.TodoListPage));
/** /audit: the audit log (company admins and super users). */
const Audit = lazyPage<PageProps>(() => import('./AuditPage').then((m) => m.AuditPage));
/** /embed-keys: the embed keys of partner-minted sessions (company admins). */
const EmbedKeys = lazyPage<PageProps>(() => import('./EmbedKeysPage').then((m) => m.EmbedKeysPage));

/** `/`: the dashboard (attendants are sent on to /tickets). */
export const HomePage: ComponentType<PageProps> = Dashboard;

/** A route whose plan feature the company lacks. */
export const FeatureDisabledPage = lazyPage<PageProps>(() => import('./StatusPages').then((m) => m.FeatureDisabled));
export const SubscriptionExpiredPage = lazyPage<PageProps>(() => import('./StatusPages').then((m) => m.SubscriptionExpired));

/** Any other path inside the private layout. */
export const NotFoundPage = lazyPage(() => import('./StatusPages').then((m) => m.NotFound));

/** The private routes of the spec (attendance §2, administration §2) and their titles; the screens not built yet are placeholders. */
export const PRIVATE_PAGES: PrivatePage[] = [
  { path: '/tickets', title: 'nav.tickets', Page: Tickets },
  { path: '/tickets/:ticketId', title: 'nav.tickets', Page: Tickets },
  { path: '/quick-messages', title: 'nav.quickMessages', Page: QuickMessages },
  { path: '/kanban', title: 'nav.kanban', Page: Kanban, feature: 'useKanban' },
  { path: '/todolist', title: 'nav.todolist', Page: TodoList },
  { path: '/contacts', title: 'nav.contacts', Page: Contacts },
  { path: '/schedules', title: 'nav.schedules', Page: Schedules, feature: 'useSchedules' },
  { path: '/tags', title: 'nav.tags', Page: Tags },
  { path: '/chats', title: 'nav.chats', Page: Chats, feature: 'useInternalChat' },
  { path: '/chats/:chatId', title: 'nav.chats', Page: Chats, feature: 'useInternalChat' },
  { path: '/helps', title: 'nav.helps', Page: Helps },
  { path: '/campaigns', title: 'nav.campaigns', Page: Campaigns, feature: 'useCampaigns' },
  { path: '/campaign/:campaignId/report', title: 'nav.campaigns', Page: CampaignReport, feature: 'useCampaigns' },
  { path: '/contact-lists', title: 'nav.contactLists', Page: ContactLists, feature: 'useCampaigns' },
  { path: '/contact-lists/:contactListId/contacts', title: 'nav.contactLists', Page: ContactListItems, feature: 'useCampaigns' },
  { path: '/campaigns-config', title: 'nav.campaignsConfig', Page: CampaignSettings, feature: 'useCampaigns' },
  { path: '/files', title: 'nav.files', Page: Files, feature: 'useCampaigns' },
  { path: '/prompts', title: 'nav.prompts', Page: Prompts, feature: 'useOpenAi' },
  { path: '/queue-integration', title: 'nav.queueIntegration', Page: QueueIntegrations, feature: 'useIntegrations' },
  { path: '/typebot', title: 'nav.typebot', Page: Typebot, feature: 'useIntegrations' },
  { path: '/connections', title: 'nav.connections', Page: Connections },
  { path: '/queues', title: 'nav.queues', Page: Queues },
  { path: '/users', title: 'nav.users', Page: Users },
  { path: '/messages-api', title: 'nav.messagesApi', Page: MessagesApi, feature: 'useExternalApi' },
  { path: '/financeiro', title: 'nav.financeiro', Page: Financeiro },
  { path: '/settings', title: 'nav.settings', Page: Settings },
  { path: '/announcements', title: 'nav.announcements', Page: Announcements },
  { path: '/subscription', title: 'nav.subscription', Page: Subscription },
  { path: '/audit', title: 'nav.audit', Page: Audit },
  { path: '/embed-keys', title: 'nav.embedKeys', Page: EmbedKeys },
];
