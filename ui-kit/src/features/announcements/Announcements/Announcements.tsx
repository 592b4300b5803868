import { useEffect, useRef } from 'react';
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
import { useT } from '../../../i18n';
import { announcementsTexts } from '../announcements.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
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
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const upload = useUploadAnnouncementMedia();
  const removeMedia = useDeleteAnnouncementMedia();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (announcement: Announcement, body) => update.mutateAsync({ id: announcement.id, body }),
    remove: (announcement) => remove.mutateAsync(announcement.id),
    texts: { saved: t('announcements.saved'), deleted: t('announcements.deleted') },
    deletedKind: 'info',
    toastTimeout: ANNOUNCEMENTS_TOAST_MS,
    // From here on the announcement exists: a failed upload edits it rather than adding another.
    keepSaved: true,
  });
  const { modal } = crud;
  const searchParam = searchParamOf(crud.debouncedSearch);
  const list = useAnnouncements(searchParam ? { searchParam } : {}, { enabled: allowed });
  useAnnouncementEvents();
  const image = useAnnouncementImage(modal.editing ?? { id: 0, mediaPath: null }, modal.isOpen && modal.editing !== null);

  // The spec's redirect: once per visit, even when effects run twice (React's strict mode).
  const navigate = useRef(onNavigate);
  useEffect(() => {
    navigate.current = onNavigate;
  });
  const warned = useRef(false);
  useEffect(() => {
    if (allowed || !user) return;
    if (!warned.current) toast.error(t('announcements.noPermission'), { timeout: ANNOUNCEMENTS_TOAST_MS });
    warned.current = true;
    const timer = setTimeout(() => navigate.current('/'), ANNOUNCEMENTS_REDIRECT_MS);
    return () => clearTimeout(timer);
    // The toast and the timer belong to the visit, not to each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, user]);

  if (!allowed)
    return <EmptyState icon="info" title={t('announcements.title')} description={t('announcements.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const save = ({ values, file, removeMedia: dropMedia }: AnnouncementSave) =>
    crud.save(announcementBody(values), async (saved) => {
      try {
        if (file) await upload.mutateAsync({ id: saved.id, file });
        else if (dropMedia && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
      } catch (err) {
        throw crud.saveFailed(err);
      }
    });

  return (
    <>
      <AnnouncementsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <AnnouncementModal
        key={modal.key}
        isOpen={modal.isOpen}
        onOpenChange={modal.onOpenChange}
        announcement={modal.editing}
        imageUrl={image.data ?? null}
        onSave={save}
      />
    </>
  );
}
