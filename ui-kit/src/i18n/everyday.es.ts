import type { EverydayMessages } from './everyday';

/** The Spanish texts of ./everyday.ts, a module of their own: only a page shown in Spanish loads them (./es.ts). */
export const everydayEs: EverydayMessages = {
  'tickets.count#one': 'atención',
  'tickets.item.unread#one': '{count} mensaje no leído',
  'notifications.bell.unread#one': '{count} no leído',
  'contacts.count#one': '{count} contacto',
};
