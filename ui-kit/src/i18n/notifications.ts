/**
 * Texts of ticket notifications (desktop notification, sound, the top-bar bell of unread tickets).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const notificationsPt = {
  'notifications.permissionDenied': 'Permissão às notificações negada!',
  'notifications.push': 'Notificações push',
  'notifications.pushHint': 'Avisa neste navegador das mensagens que chegam com o Atende fechado.',
  'notifications.serviceWorkerFailed': 'Não foi possível registrar o service worker',
  'notifications.title': 'Mensagem de {name}',
  'notifications.media': 'Nova mensagem',
  'notifications.bell.empty': 'Nenhuma notificação.',
  'notifications.bell.list': 'Atendimentos com mensagens não lidas',
  'notifications.bell.unread': '{count} não lidas',
  // The console's attendance page (/tickets) on a small screen, and its placeholder (spec §2 Ticket manager).
  'ticketsPage.ticketTab': 'Ticket',
  'ticketsPage.listTab': 'Atendimentos',
  'ticketsPage.selectTicket': 'Selecionar Ticket',
  'ticketsPage.tabs': 'Atendimento',
  'ticketsPage.placeholder': 'Selecione um atendimento para começar',
};

export type NotificationsMessages = Record<keyof typeof notificationsPt, string>;

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
