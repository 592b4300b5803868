import { defineTexts } from '../../i18n/feature-texts';

/** Texts of the top bar's announcements bell (features/announcements/AnnouncementsBell): every user's first load, so kept small. */
export const announcementsBellPt = {
  'announcementsBell.empty': 'Nenhum aviso de sistema.',
  'announcementsBell.list': 'Avisos do sistema',
  'announcementsBell.priority': 'Prioridade {level}',
  'announcementsBell.open': 'Abrir {name}',
};

export const announcementsBellTexts = defineTexts({
  pt: announcementsBellPt,
  en: {
    'announcementsBell.empty': 'No system announcements.',
    'announcementsBell.list': 'System announcements',
    'announcementsBell.priority': 'Priority {level}',
    'announcementsBell.open': 'Open {name}',
  },
  es: {
    'announcementsBell.empty': 'Ningún aviso del sistema.',
    'announcementsBell.list': 'Avisos del sistema',
    'announcementsBell.priority': 'Prioridad {level}',
    'announcementsBell.open': 'Abrir {name}',
  },
});
