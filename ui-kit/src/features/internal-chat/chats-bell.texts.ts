import { defineTexts } from '../../i18n/feature-texts';

/** The top bar's chats bell (in the console's first load: kept to a few keys). */
export const chatsBellPt = {
  'chatsBell.list': 'Conversas com mensagens não lidas',
  'chatsBell.empty': 'Nenhuma mensagem não lida.',
  'chatsBell.unread': '{count} não lidas',
  'chatsBell.unread#one': '{count} não lida',
};

export const chatsBellTexts = defineTexts({
  pt: chatsBellPt,
  en: {
    'chatsBell.list': 'Chats with unread messages',
    'chatsBell.empty': 'No unread messages.',
    'chatsBell.unread': '{count} unread',
    'chatsBell.unread#one': '{count} unread',
  },
  es: {
    'chatsBell.list': 'Conversaciones con mensajes sin leer',
    'chatsBell.empty': 'Ningún mensaje sin leer.',
    'chatsBell.unread': '{count} sin leer',
    'chatsBell.unread#one': '{count} sin leer',
  },
});
