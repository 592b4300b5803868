import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAnnouncementEvents, useAnnouncementImage, useAnnouncements, type AnnouncementDto } from '../data/announcements';
import { useLocale, useT } from '../../../i18n';
import { announcementsBellTexts } from '../announcements-bell.texts';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { useAtende, useSession } from '../../../provider/context';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import type { TopBarBell } from '../../../shell/TopBar/TopBar';

/** GET /announcements?onlyActive=true: the bell's list (what every company sees; super users too). */
export const ACTIVE_ANNOUNCEMENTS = { onlyActive: true } as const;
/** How many seen ids a user's list keeps (the newest). */
const SEEN_MAX = 200;
const seenKey = (userId: number) => `announcementsSeen:${userId}`;

export interface AnnouncementsBellListProps {
  announcements: AnnouncementDto[];
  /** Still loading the first page. */
  loading?: boolean;
  /** Ids the user had not seen when the list opened: marked as new. */
  fresh?: ReadonlySet<number>;
  /** The attachment of one announcement (the connected bell loads the image); left out, its file name. */
  renderMedia?: (announcement: AnnouncementDto) => ReactNode;
}

/**
 * The list of active announcements (presentational; spec attendance, top bar): each with a mark in its priority's
 * colour (1 red, 2 orange, 3 grey), title, text (first lines), date and attachment; new ones flagged; empty:
 * 'Nenhum aviso de sistema.'.
 */
export function AnnouncementsBellList({ announcements, loading = false, fresh, renderMedia }: AnnouncementsBellListProps) {
  const t = useT(announcementsBellTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  if (loading) return <Spinner className="atd-AnnouncementsBell-loading" showLabel />;
  if (announcements.length === 0) return <p className="atd-AnnouncementsBell-empty">{t('announcementsBell.empty')}</p>;
  const when = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul className="atd-AnnouncementsBell" aria-label={t('announcementsBell.list')}>
      {announcements.map((a) => (
        <li key={a.id} className="atd-AnnouncementsBell-item" data-priority={a.priority} data-fresh={fresh?.has(a.id) || undefined}>
          <span className="atd-AnnouncementsBell-mark" role="img" aria-label={t('announcementsBell.priority', { level: a.priority })} />
          <div className="atd-AnnouncementsBell-body">
            <strong className="atd-AnnouncementsBell-title">{a.title}</strong>
            <time className="atd-AnnouncementsBell-date" dateTime={a.createdAt}>
              {when.format(new Date(a.createdAt))}
            </time>
            <p className="atd-AnnouncementsBell-text">{a.text}</p>
            {a.mediaPath && (renderMedia ? renderMedia(a) : <span className="atd-AnnouncementsBell-file">{a.mediaName}</span>)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An announcement's image (loaded with the session's token), linked to open it whole in a new tab. */
function AnnouncementImage({ announcement }: { announcement: AnnouncementDto }) {
  const t = useT(announcementsBellTexts);
  const image = useAnnouncementImage(announcement);
  const name = announcement.mediaName ?? '';
  if (!image.data) return <span className="atd-AnnouncementsBell-file">{name}</span>;
  return (
    <a className="atd-AnnouncementsBell-media" href={image.data} target="_blank" rel="noreferrer" aria-label={t('announcementsBell.open', { name })}>
      <img src={image.data} alt="" />
    </a>
  );
}

/** The connected content: marks what it shows as seen while open (the badge clears). */
function AnnouncementsBellContent({
  items,
  loading,
  unseen,
  onSeen,
}: {
  items: AnnouncementDto[];
  loading: boolean;
  unseen: number[];
  onSeen: (ids: number[]) => void;
}) {
  const [fresh] = useState(() => new Set(unseen));
  const ids = items.map((a) => a.id).join(',');
  useEffect(() => {
    if (ids) onSeen(ids.split(',').map(Number));
    // The ids shown, not the callback's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return <AnnouncementsBellList announcements={items} loading={loading} fresh={fresh} renderMedia={(a) => <AnnouncementImage announcement={a} />} />;
}

/**
 * The top bar's system announcements bell (TopBarBell) for every signed-in user: the active announcements, newest
 * first, live from `company-announcement` (a deactivated or deleted one leaves at once). The badge counts those the
 * user has not seen; opening the bell marks the ones it shows as seen. "Seen" is kept per user in the provider's
 * storage (KitStorage, key `announcementsSeen:{userId}`, the newest 200 ids): it follows the user in this browser,
 * not across devices. Only the first page (20) counts, which is more than a platform ever has active.
 */
export function useAnnouncementsBell({ enabled = true }: { enabled?: boolean } = {}): TopBarBell {
  const { store } = useAtende();
  const { status, user } = useSession();
  const userId = user?.id;
  const list = useAnnouncements(ACTIVE_ANNOUNCEMENTS, { enabled: enabled && status === 'authenticated' });
  useAnnouncementEvents();
  const [seen, setSeen] = useState<{ userId?: number; ids: number[] }>({ ids: [] });
  const seenIds = useMemo(
    () => (seen.userId === userId ? seen.ids : userId === undefined ? [] : (store.storage().getJson<number[]>(seenKey(userId)) ?? [])),
    [seen, userId, store],
  );
  const items = list.data?.items ?? [];
  const unseen = items.filter((a) => !seenIds.includes(a.id)).map((a) => a.id);

  const markSeen = (ids: number[]) => {
    if (userId === undefined || ids.every((id) => seenIds.includes(id))) return;
    const next = [...seenIds.filter((id) => !ids.includes(id)), ...ids].slice(-SEEN_MAX);
    store.storage().setJson(seenKey(userId), next);
    setSeen({ userId, ids: next });
  };

  return {
    id: 'announcements',
    count: unseen.length,
    content: <AnnouncementsBellContent items={items} loading={list.isPending} unseen={unseen} onSeen={markSeen} />,
  };
}
