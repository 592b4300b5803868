/**
 * Singular forms of counted texts ('#one', chosen by Intl.PluralRules when a text gets a numeric count: '1
 * atendimento', not '1 atendimentos'; see translate.ts). Core keys: merged into the pt/en/es tables by pt.ts, en.ts
 * and es.ts. pt is the source; en and es must have the same keys.
 */
export const everydayPt = {
  'tickets.count#one': 'atendimento',
  'tickets.item.unread#one': '{count} mensagem não lida',
  'notifications.bell.unread#one': '{count} não lida',
  'contacts.count#one': '{count} contato',
};

export type EverydayMessages = Record<keyof typeof everydayPt, string>;

export const everydayEn: EverydayMessages = {
  'tickets.count#one': 'ticket',
  'tickets.item.unread#one': '{count} unread message',
  'notifications.bell.unread#one': '{count} unread',
  'contacts.count#one': '{count} contact',
};

export const everydayEs: EverydayMessages = {
  'tickets.count#one': 'atención',
  'tickets.item.unread#one': '{count} mensaje no leído',
  'notifications.bell.unread#one': '{count} no leído',
  'contacts.count#one': '{count} contacto',
};
