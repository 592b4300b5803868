import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useWhatsapps } from '../features/connections';
import { VOLUME_KEY } from '../features/notifications';
import { useTicketsBell } from '../features/notifications';
import { useChatsBell } from '../features/internal-chat';
import { useAnnouncementsBell } from '../features/announcements';
import { useTasksBell } from '../features/tasks';
import { useApiClient, useLocaleSetting, useSession, useTheme, useWhiteLabel } from '../provider/context';
import { endPushHere } from '../features/notifications';
import { AppShell } from './AppShell/AppShell';
import { connectionsNeedAttention, drawerSections } from './drawer-items';
import type { TopBarBell } from './TopBar/TopBar';
import { ImpersonationBanner } from './ImpersonationBanner/ImpersonationBanner';

/** Shown on demand: the profile dialog's code (its form, the push toggle) loads when the user opens it from the top bar. */
const UserProfileModal = lazy(() => import('../screens/UserProfileModal/UserProfileModal').then((m) => ({ default: m.UserProfileModal })));

/** Local flag of spec attendance §2: campaign items show when it exists. */
export const CAMPAIGNS_FLAG_KEY = 'cshow';
/** The notification volume, remembered in this browser (the notifications' sound reads it). */
export { VOLUME_KEY };

function readVolume(): number {
  const raw = globalThis.localStorage?.getItem(VOLUME_KEY);
  const stored = Number(raw);
  return raw != null && Number.isFinite(stored) && stored >= 0 && stored <= 1 ? stored : 1;
}

export interface AtendeShellProps {
  /** The router's current path (the kit has no router; links go through react-aria's RouterProvider). */
  currentPath: string;
  children?: ReactNode;
  /** Bells of the top bar (tasks, announcements, internal chats); none until their widgets land. */
  bells?: TopBarBell[];
  /**
   * Opens a ticket (the console goes to /tickets/{uuid}). With it the top bar shows the tickets bell: the tickets
   * with unread messages, their count as its badge.
   */
  onOpenTicket?: (ticketUuid: string) => void;
  /**
   * Unread internal chats (the drawer's dot). Left out, the shell reads the user's chats itself when the plan has
   * useInternalChat (the same read as the chats bell).
   */
  unreadChats?: boolean;
  /**
   * Opens an internal chat (the console goes to /chats/{uuid}). With it, and the plan's useInternalChat, the top bar
   * shows the chats bell: the chats with unread messages, their count as its badge.
   */
  onOpenChat?: (chatUuid: string) => void;
  /**
   * Opens the tasks page (the console goes to /todolist). With it the top bar shows the tasks bell (first, as in the
   * spec): the user's pending tasks, their count as its badge.
   */
  onOpenTasks?: () => void;
  /**
   * Connection statuses for the drawer's '!' badge on Connections. Left out, the shell reads the company's
   * connections itself (GET /whatsapp, kept live by the `whatsapp` and `whatsappSession` events) when the user sees
   * the admin items.
   */
  connectionStatuses?: string[];
  /** Default-connection choices for the profile modal (left out, the modal reads the company's connections). */
  connections?: { id: number; name: string }[];
  /** The refresh button; a page reload by default. */
  onRefresh?: () => void;
  /** The host's push service worker ('/sw.js' in the console): the profile modal then offers 'Notificações push'. */
  pushServiceWorkerUrl?: string;
  /** Pins the layout width (stories, tests). */
  width?: number;
  /** After 'Voltar para minha conta' restored the super user's own session (the console goes to /). */
  onImpersonationEnded?: () => void;
}

/**
 * The app shell wired to the provider: the drawer from the session's permissions, super flag,
 * plan features and `cshow`; the top bar with the user, the company (admins), theme, language,
 * volume, profile modal and logout.
 */
export function AtendeShell({
  currentPath,
  children,
  bells = [],
  onOpenTicket,
  unreadChats,
  onOpenChat,
  onOpenTasks,
  connectionStatuses,
  connections,
  onRefresh = () => window.location.reload(),
  width,
  pushServiceWorkerUrl,
  onImpersonationEnded,
}: AtendeShellProps) {
  const { user, logout } = useSession();
  const client = useApiClient();
  const { theme, setTheme } = useTheme();
  const { locale, setLocale } = useLocaleSetting();
  const whiteLabel = useWhiteLabel();
  const [volume, setVolumeState] = useState(readVolume);
  const [profileOpen, setProfileOpen] = useState(false);
  const ticketsBell = useTicketsBell({ onOpenTicket: onOpenTicket ?? (() => {}), enabled: onOpenTicket !== undefined });
  const chats = useChatsBell({ onOpenChat: onOpenChat ?? (() => {}) });
  // Every signed-in user's system announcements bell (active ones; badge: the unseen).
  const announcementsBell = useAnnouncementsBell();
  const tasksBell = useTasksBell({ onOpenTasks: onOpenTasks ?? (() => {}), enabled: onOpenTasks !== undefined });
  const isAdminArea = user?.permissions.includes('drawer-admin-items:view') === true;
  // The badge's statuses, read by the shell itself for those who see the Connections item: the live list.
  const whatsapps = useWhatsapps({}, { enabled: connectionStatuses === undefined && isAdminArea });
  if (!user) return null;
  const statuses = connectionStatuses ?? (isAdminArea ? (whatsapps.data?.map((w) => w.status) ?? []) : []);

  const setVolume = (next: number) => {
    globalThis.localStorage?.setItem(VOLUME_KEY, String(next));
    setVolumeState(next);
  };
  const logo = theme === 'dark' ? whiteLabel.logoDark : whiteLabel.logoLight;

  return (
    <>
      <AppShell
        width={width}
        drawer={{
          sections: drawerSections({
            permissions: user.permissions,
            super: user.super,
            features: user.features,
            campaignsShown: globalThis.localStorage?.getItem(CAMPAIGNS_FLAG_KEY) != null,
          }),
          currentPath,
          badges: { unreadChats: unreadChats ?? chats.unread, connectionsAttention: connectionsNeedAttention(statuses) },
          header: logo ? <img src={logo} alt={whiteLabel.appName} className="atd-Drawer-logo" /> : <span>{whiteLabel.appName}</span>,
        }}
        topBar={{
          userName: user.name,
          company: isAdminArea ? { name: user.company.name, dueDate: user.company.dueDate } : undefined,
          theme,
          onThemeChange: setTheme,
          locale,
          onLocaleChange: setLocale,
          volume,
          onVolumeChange: setVolume,
          onRefresh,
          onOpenProfile: () => setProfileOpen(true),
          // This browser's push subscription ends with the session: the next user here must not get this one's pushes.
          onLogout: () => void (pushServiceWorkerUrl ? endPushHere(client, user.id, pushServiceWorkerUrl) : Promise.resolve()).then(() => logout()),
          bells: [
            ...(onOpenTasks ? [tasksBell] : []),
            ...(onOpenTicket ? [ticketsBell] : []),
            ...bells,
            announcementsBell,
            ...(onOpenChat && user.features.useInternalChat ? [chats.bell] : []),
          ],
        }}
      >
        <ImpersonationBanner onEnded={onImpersonationEnded} />
        {children}
      </AppShell>
      {profileOpen && (
        <Suspense fallback={null}>
          <UserProfileModal isOpen={profileOpen} onOpenChange={setProfileOpen} connections={connections} pushServiceWorkerUrl={pushServiceWorkerUrl} />
        </Suspense>
      )}
    </>
  );
}
