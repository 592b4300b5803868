import type { NotificationsMessages } from './notifications';

/** The Spanish texts of ./notifications.ts, a module of their own: only a page shown in Spanish loads them (./es.ts). */
export const notificationsEs: NotificationsMessages = {
  'notifications.permissionDenied': '¡Permiso de notificaciones denegado!',
  'notifications.push': 'Notificaciones push',
  'notifications.pushHint': 'Avisa en este navegador de los mensajes que llegan con Atende cerrado.',
  'notifications.serviceWorkerFailed': 'Lo sentimos, no se pudo registrar el service worker',
  'notifications.title': 'Mensaje de {name}',
  'notifications.media': 'Nuevo mensaje',
  'notifications.bell.empty': 'Ninguna notificación.',
  'notifications.bell.list': 'Atenciones con mensajes no leídos',
  'notifications.bell.unread': '{count} no leídos',
  'ticketsPage.ticketTab': 'Ticket',
  'ticketsPage.listTab': 'Atenciones',
  'ticketsPage.selectTicket': 'Seleccionar Ticket',
  'ticketsPage.tabs': 'Atención',
  'ticketsPage.placeholder': 'Elija una atención para empezar',
};
