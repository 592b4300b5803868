import { defineTexts } from '../../i18n/feature-texts';

/**
 * Texts of the attendant's everyday tools on an open ticket: its tags row and the contact's presence in the chat
 * header. A feature table (`useT(attendantToolsTexts)`): they travel in the chat's chunk, not in the runtime.
 * pt is the source; en and es must have the same keys.
 */
export const attendantToolsPt = {
  'ticketTags.label': 'Etiquetas do atendimento',
  'ticketTags.edit': 'Etiquetas',
  'ticketTags.editLabel': 'Escolher as etiquetas do atendimento',
  'ticketTags.none': 'Sem etiquetas',
  'ticketTags.noTags': 'Nenhuma etiqueta cadastrada',
  'ticketTags.remove': 'Remover a etiqueta {name}',

  'presence.composing': 'digitando…',
  'presence.recording': 'gravando áudio…',
  'presence.available': 'online',
};

export type AttendantToolsMessages = Record<keyof typeof attendantToolsPt, string>;

export const attendantToolsEn: AttendantToolsMessages = {
  'ticketTags.label': 'Ticket tags',
  'ticketTags.edit': 'Tags',
  'ticketTags.editLabel': "Choose the ticket's tags",
  'ticketTags.none': 'No tags',
  'ticketTags.noTags': 'No tags created yet',
  'ticketTags.remove': 'Remove the tag {name}',

  'presence.composing': 'typing…',
  'presence.recording': 'recording audio…',
  'presence.available': 'online',
};

export const attendantToolsEs: AttendantToolsMessages = {
  'ticketTags.label': 'Etiquetas de la atención',
  'ticketTags.edit': 'Etiquetas',
  'ticketTags.editLabel': 'Elegir las etiquetas de la atención',
  'ticketTags.none': 'Sin etiquetas',
  'ticketTags.noTags': 'Ninguna etiqueta registrada',
  'ticketTags.remove': 'Quitar la etiqueta {name}',

  'presence.composing': 'escribiendo…',
  'presence.recording': 'grabando audio…',
  'presence.available': 'en línea',
};

/** `useT(attendantToolsTexts)` in the components that show them. */
export const attendantToolsTexts = defineTexts({ pt: attendantToolsPt, en: attendantToolsEn, es: attendantToolsEs });
