/**
 * Singular forms of counted texts ('#one', chosen by Intl.PluralRules when a text gets a numeric count: '1
 * atendimento', not '1 atendimentos'; see translate.ts). Portuguese here (the source of the keys); English in
 * ./everyday.en.ts and Spanish in ./everyday.es.ts, typed by this table's keys, each merged by its locale's table
 * (pt.ts, en.ts, es.ts).
 */
export const everydayPt = {
  'tickets.count#one': 'atendimento',
  'tickets.item.unread#one': '{count} mensagem não lida',
  'notifications.bell.unread#one': '{count} não lida',
  'contacts.count#one': '{count} contato',
};

export type EverydayMessages = Record<keyof typeof everydayPt, string>;
