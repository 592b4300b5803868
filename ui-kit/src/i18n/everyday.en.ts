import type { EverydayMessages } from './everyday';

/** The English texts of ./everyday.ts, a module of their own: only a page shown in English loads them (./en.ts). */
export const everydayEn: EverydayMessages = {
  'tickets.count#one': 'ticket',
  'tickets.item.unread#one': '{count} unread message',
  'notifications.bell.unread#one': '{count} unread',
  'contacts.count#one': '{count} contact',
};
