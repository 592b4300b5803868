import type { AttendantToolsMessages } from '../features/chat/attendant-tools.texts';

/**
 * The English texts of features/chat/attendant-tools.texts.ts: they travel in the core English table (./en.ts), loaded
 * only on a page shown in English.
 */
export const attendantToolsEn: AttendantToolsMessages = {
  'ticketTags.label': 'Ticket tags',
  'ticketTags.edit': 'Tags',
  'ticketTags.editLabel': "Choose the ticket's tags",
  'ticketTags.none': 'No tags',
  'ticketTags.noTags': 'No tags created yet',
  'ticketTags.remove': 'Remove the tag {name}',
  'ticketTags.removeHint': 'Press Delete to remove tag.',

  'presence.composing': 'typing…',
  'presence.recording': 'recording audio…',
  'presence.available': 'online',
};
