import { definePtTexts } from '../../i18n/feature-texts';

/**
 * Texts of the attendant's everyday tools on an open ticket: its tags row and the contact's presence in the chat
 * header. A feature table (`useT(attendantToolsTexts)`): the pt texts travel in the chat's chunk, not in the runtime.
 * pt is the source; en and es (i18n/attendant-tools.en.ts, .es.ts) must have the same keys.
 */
export const attendantToolsPt = {
  'ticketTags.label': 'Etiquetas do atendimento',
  'ticketTags.edit': 'Etiquetas',
  'ticketTags.editLabel': 'Escolher as etiquetas do atendimento',
  'ticketTags.none': 'Sem etiquetas',
  'ticketTags.noTags': 'Nenhuma etiqueta cadastrada',
  'ticketTags.remove': 'Remover a etiqueta {name}',
  'ticketTags.removeHint': 'Pressione Delete para remover a tag.',

  'presence.composing': 'digitando…',
  'presence.recording': 'gravando áudio…',
  'presence.available': 'online',
};

export type AttendantToolsMessages = Record<keyof typeof attendantToolsPt, string>;

/**
 * `useT(attendantToolsTexts)` in the components that show them. Every chat shows them, so their English and Spanish
 * (i18n/attendant-tools.en.ts, .es.ts) travel in the core en and es tables: a page downloads only its
 * language's.
 */
export const attendantToolsTexts = definePtTexts(attendantToolsPt);
