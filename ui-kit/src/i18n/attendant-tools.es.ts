import type { AttendantToolsMessages } from '../features/chat/attendant-tools.texts';

/**
 * The Spanish texts of features/chat/attendant-tools.texts.ts: they travel in the core Spanish table (./es.ts), loaded
 * only on a page shown in Spanish.
 */
export const attendantToolsEs: AttendantToolsMessages = {
  'ticketTags.label': 'Etiquetas de la atención',
  'ticketTags.edit': 'Etiquetas',
  'ticketTags.editLabel': 'Elegir las etiquetas de la atención',
  'ticketTags.none': 'Sin etiquetas',
  'ticketTags.noTags': 'Ninguna etiqueta registrada',
  'ticketTags.remove': 'Quitar la etiqueta {name}',
  'ticketTags.removeHint': 'Pulse Eliminar para quitar la etiqueta.',

  'presence.composing': 'escribiendo…',
  'presence.recording': 'grabando audio…',
  'presence.available': 'en línea',
};
