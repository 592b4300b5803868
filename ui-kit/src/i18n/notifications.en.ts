import type { NotificationsMessages } from './notifications';

/** The English texts of ./notifications.ts, a module of their own: only a page shown in English loads them (./en.ts). */
export const notificationsEn: NotificationsMessages = {
  'notifications.permissionDenied': 'Notification permission denied!',
  'notifications.push': 'Push notifications',
  'notifications.pushHint': 'Tells this browser about incoming messages while Atende is closed.',
  'notifications.serviceWorkerFailed': 'Sorry, unable to register service worker',
  'notifications.title': 'Message from {name}',
  'notifications.media': 'New message',
  'notifications.bell.empty': 'No notifications.',
  'notifications.bell.list': 'Tickets with unread messages',
  'notifications.bell.unread': '{count} unread',
  'ticketsPage.ticketTab': 'Ticket',
  'ticketsPage.listTab': 'Tickets',
  'ticketsPage.selectTicket': 'Select Ticket',
  'ticketsPage.tabs': 'Attendance',
  'ticketsPage.placeholder': 'Choose a ticket to start',
};
