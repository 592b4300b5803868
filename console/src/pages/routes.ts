import type { ComponentType } from 'react';
import type { MessageKey } from '@atende/ui-kit';
import { lazyPage } from './lazy-page';

export interface PageProps {
  title: MessageKey;
}

export interface PrivatePage {
  path: string;
  title: MessageKey;
  /** Loaded on first visit (lazyPage); a real screen replaces the placeholder here. */
  Page: ComponentType<PageProps>;
}

const ComingSoon = lazyPage(() => import('./ComingSoon').then((m) => m.ComingSoon));
/** /tickets and /tickets/:ticketId: the ticket manager beside the chat (a chunk of its own, shared by both paths). */
const Tickets = lazyPage<PageProps>(() => import('./TicketsPage').then((m) => m.TicketsPage));

/** The dashboard (/ for admins and supervisors): a chunk of its own, with chart.js. */
const Dashboard = lazyPage<PageProps>(() => import('./DashboardPage').then((m) => m.DashboardPage));
const Contacts = lazyPage<PageProps>(() => import('./ContactsPage').then((m) => m.ContactsPage));
const QuickMessages = lazyPage<PageProps>(() => import('./QuickMessagesPage').then((m) => m.QuickMessagesPage));
const Tags = lazyPage<PageProps>(() => import('./TagsPage').then((m) => m.TagsPage));
const Kanban = lazyPage<PageProps>(() => import('./KanbanPage').then((m) => m.KanbanPage));
const MessagesApi = lazyPage<PageProps>(() => import('./MessagesApiPage').then((m) => m.MessagesApiPage));
const Connections = lazyPage<PageProps>(() => import('./ConnectionsPage').then((m) => m.ConnectionsPage));

/** `/`: the dashboard (attendants are sent on to /tickets). */
export const HomePage: ComponentType<PageProps> = Dashboard;

/** Any other path inside the private layout. */
export const NotFoundPage = lazyPage(() => import('./ComingSoon').then((m) => m.NotFound));

/** The private routes of the spec (attendance §2, administration §2) and their titles; the screens not built yet are placeholders. */
export const PRIVATE_PAGES: PrivatePage[] = [
  { path: '/tickets', title: 'nav.tickets', Page: Tickets },
  { path: '/tickets/:ticketId', title: 'nav.tickets', Page: Tickets },
  { path: '/quick-messages', title: 'nav.quickMessages', Page: QuickMessages },
  { path: '/kanban', title: 'nav.kanban', Page: Kanban },
  { path: '/todolist', title: 'nav.todolist', Page: ComingSoon },
  { path: '/contacts', title: 'nav.contacts', Page: Contacts },
  { path: '/schedules', title: 'nav.schedules', Page: ComingSoon },
  { path: '/tags', title: 'nav.tags', Page: Tags },
  { path: '/chats', title: 'nav.chats', Page: ComingSoon },
  { path: '/chats/:chatId', title: 'nav.chats', Page: ComingSoon },
  { path: '/helps', title: 'nav.helps', Page: ComingSoon },
  { path: '/campaigns', title: 'nav.campaigns', Page: ComingSoon },
  { path: '/contact-lists', title: 'nav.contactLists', Page: ComingSoon },
  { path: '/campaigns-config', title: 'nav.campaignsConfig', Page: ComingSoon },
  { path: '/files', title: 'nav.files', Page: ComingSoon },
  { path: '/prompts', title: 'nav.prompts', Page: ComingSoon },
  { path: '/queue-integration', title: 'nav.queueIntegration', Page: ComingSoon },
  { path: '/typebot', title: 'nav.typebot', Page: ComingSoon },
  { path: '/connections', title: 'nav.connections', Page: Connections },
  { path: '/queues', title: 'nav.queues', Page: ComingSoon },
  { path: '/users', title: 'nav.users', Page: ComingSoon },
  { path: '/messages-api', title: 'nav.messagesApi', Page: MessagesApi },
  { path: '/financeiro', title: 'nav.financeiro', Page: ComingSoon },
  { path: '/settings', title: 'nav.settings', Page: ComingSoon },
  { path: '/announcements', title: 'nav.announcements', Page: ComingSoon },
  { path: '/subscription', title: 'nav.financeiro', Page: ComingSoon },
];
