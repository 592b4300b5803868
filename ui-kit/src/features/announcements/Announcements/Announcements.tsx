import { useEffect, useRef, useState } from 'react';
import {
  useAnnouncementEvents,
  useAnnouncementImage,
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useDeleteAnnouncementMedia,
  useUpdateAnnouncement,
  useUploadAnnouncementMedia,
} from '../data/announcements';
import { pagingProps } from '../../../data/paging';
import { useDebounced } from '../../../primitives/use-debounced';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { announcementsTexts } from '../announcements.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { AnnouncementModal } from '../AnnouncementModal/AnnouncementModal';
import { AnnouncementsView } from '../AnnouncementsView/AnnouncementsView';
import { announcementBody, searchParamOf, type Announcement, type AnnouncementSave } from '../announcement-rules';

/** Spec back-office §9: toasts in these areas close after 3 seconds. */
export const ANNOUNCEMENTS_TOAST_MS = 3000;
/** Spec §8: a company without the right is sent to / one second after the toast. */
export const ANNOUNCEMENTS_REDIRECT_MS = 1000;

export interface AnnouncementsProps {
  /**
   * Where the page sends a user without announcements:manage (a company that is not a super company): called with
   * '/' one second after the spec's toast. The kit has no router; the host navigates.
   */
  onNavigate: (path: string) => void;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The announcements page (spec back-office, /announcements), connected: GET /announcements (every announcement,
 * active or not) searched (500 ms debounce, lower-cased) and paged by scrolling, live from the platform-wide
 * `company-announcement`; add and edit in the dialog (POST or PUT, then the image's upload or removal); delete
 * confirmed. Super users only (announcements:manage): anyone else gets the spec's toast 'Esta empresa não possui
 * permissão para acessar essa página! Estamos lhe redirecionando.' and, a second later, `onNavigate('/')`.
 */
export function Announcements({ onNavigate, maxHeight, headingLevel }: AnnouncementsProps) {
  const t = useT(announcementsTexts);
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'announcements:manage');
  const [search, setSearch] = useState('');
  const searchParam = searchParamOf(useDebounced(search, SEARCH_DEBOUNCE_MS));
  const list = useAnnouncements(searchParam ? { searchParam } : {}, { enabled: allowed });
  useAnnouncementEvents();
  const [modal, setModal] = useState<{ open: boolean; editing: Announcement | null; key: number }>({ open: false, editing: null, key: 0 });
  const image = useAnnouncementImage(modal.editing ?? { id: 0, mediaPath: null }, modal.open && modal.editing !== null);
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const upload = useUploadAnnouncementMedia();
  const removeMedia = useDeleteAnnouncementMedia();
  const timed = { timeout: ANNOUNCEMENTS_TOAST_MS };

  // The spec's redirect: once per visit, even when effects run twice (React's strict mode).
  const navigate = useRef(onNavigate);
  useEffect(() => {
    navigate.current = onNavigate;
  });
  const warned = useRef(false);
  useEffect(() => {
    if (allowed || !user) return;
    if (!warned.current) toast.error(t('announcements.noPermission'), timed);
    warned.current = true;
    const timer = setTimeout(() => navigate.current('/'), ANNOUNCEMENTS_REDIRECT_MS);
    return () => clearTimeout(timer);
    // The toast and the timer belong to the visit, not to each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, user]);

  if (!allowed)
    return <EmptyState icon="info" title={t('announcements.title')} description={t('announcements.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const open = (editing: Announcement | null) => setModal((m) => ({ open: true, editing, key: m.key + 1 }));

  const save = async ({ values, file, removeMedia: dropMedia }: AnnouncementSave) => {
    const body = announcementBody(values);
    try {
      const saved = modal.editing ? await update.mutateAsync({ id: modal.editing.id, body }) : await create.mutateAsync(body);
      // From here on the announcement exists: a failed upload edits it rather than adding another.
      setModal((m) => ({ ...m, editing: saved }));
      if (file) await upload.mutateAsync({ id: saved.id, file });
      else if (dropMedia && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
    toast.success(t('announcements.saved'), timed);
  };

  const destroy = async (announcement: Announcement) => {
    try {
      await remove.mutateAsync(announcement.id);
      toast.show({ kind: 'info', message: t('announcements.deleted') }, timed);
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  return (
    <>
      <AnnouncementsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={destroy}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <AnnouncementModal
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => setModal((m) => ({ ...m, open: isOpen }))}
        announcement={modal.editing}
        imageUrl={image.data ?? null}
        onSave={save}
      />
    </>
  );
}
