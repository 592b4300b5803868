import { defineTexts } from '../../i18n/feature-texts';

/**
 * Texts of the official WhatsApp API in the messages of the chat (issue 35): the template label of a message, a failed
 * message's reason and the edit/delete that the API does not do. The window banner's and the template composer's are
 * in window.texts.ts, which travels in their own lazy chunks (only official connections show them).
 */
export const officialPt = {
  'official.message.template': 'Modelo',
  'official.message.templateLabel': 'Enviada como o modelo {name}',
  'official.message.failed': 'Não enviada: {reason}',
  'official.message.failureGiven': 'Motivo informado: {reason}',
  'official.message.noEdit': 'A API oficial não permite editar nem apagar mensagens enviadas',
};

const en: typeof officialPt = {
  'official.message.template': 'Template',
  'official.message.templateLabel': 'Sent as the template {name}',
  'official.message.failed': 'Not sent: {reason}',
  'official.message.failureGiven': 'Reason given: {reason}',
  'official.message.noEdit': "The official API can't edit or delete sent messages",
};

const es: typeof officialPt = {
  'official.message.template': 'Plantilla',
  'official.message.templateLabel': 'Enviada como la plantilla {name}',
  'official.message.failed': 'No enviada: {reason}',
  'official.message.failureGiven': 'Motivo indicado: {reason}',
  'official.message.noEdit': 'La API oficial no permite editar ni eliminar mensajes enviados',
};

export const officialTexts = defineTexts({ pt: officialPt, en, es });
