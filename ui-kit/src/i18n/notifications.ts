/**
 * Texts of ticket notifications (desktop notification, sound, the top-bar bell of unread tickets). Portuguese here (the
 * source of the keys); English in ./notifications.en.ts and Spanish in ./notifications.es.ts, typed by this table's
 * keys, each merged by its locale's table (pt.ts, en.ts, es.ts).
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
