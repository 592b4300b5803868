// System announcements (/announcements for super users; the top bar's bell for everyone): the list, the dialog, the
// connected page, the bell, and their data hooks (GET/POST/PUT/DELETE /announcements, live from `company-announcement`).
export {
  ANNOUNCEMENT_MEDIA_ACCEPT,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementBody,
  announcementFormValues,
  type Announcement,
  type AnnouncementFormValues,
  type AnnouncementPriority,
  type AnnouncementSave,
} from './announcement-rules';
export { AnnouncementsView, AnnouncementPriorityChip, type AnnouncementsViewProps } from './AnnouncementsView/AnnouncementsView';
export { AnnouncementModal, type AnnouncementModalProps } from './AnnouncementModal/AnnouncementModal';
export { Announcements, ANNOUNCEMENTS_REDIRECT_MS, ANNOUNCEMENTS_TOAST_MS, type AnnouncementsProps } from './Announcements/Announcements';
export { AnnouncementsBellList, useAnnouncementsBell, ACTIVE_ANNOUNCEMENTS, type AnnouncementsBellListProps } from './AnnouncementsBell/AnnouncementsBell';
export {
  ANNOUNCEMENT_EVENT,
  writeAnnouncementEvent,
  byNewestAnnouncement,
  removeAnnouncement,
  useAnnouncementEvents,
  useAnnouncementImage,
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useDeleteAnnouncementMedia,
  useUpdateAnnouncement,
  useUploadAnnouncementMedia,
  writeAnnouncement,
  type AnnouncementDto,
  type AnnouncementEvent,
  type AnnouncementFilters,
} from './data/announcements';
