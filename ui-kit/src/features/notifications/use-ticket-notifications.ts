import { useEffect, useRef, useState } from 'react';
import type { Schema } from '../../client';
import { useT } from '../../i18n';
import { useToast } from '../../primitives/Toast/Toast';
import { useSession, useSocketEvent } from '../../provider/context';
import { playChime, soundThrottle, storedVolume } from './sound';

type Ticket = Schema<'TicketDto'>;
type Message = Schema<'MessageDto'>;

export interface TicketNotificationsOptions {
  /** The ticket on screen (its uuid): no notification for it while the page is visible. */
  activeTicketUuid?: string | null;
  /** A notification was clicked: the window is focused, then this opens the ticket (the console goes to /tickets/{uuid}). */
  onOpenTicket: (ticketUuid: string) => void;
  /** 0 to 1; by default the volume the top bar stored (VOLUME_KEY). */
  volume?: number;
  /** The sound; a WebAudio chime by default (no file, no network). Throttled to one every 500 ms either way. */
  playSound?: (volume: number) => void;
}

export interface NotifyContext {
  /** The signed-in user. */
  user: { id: number; allTicket?: string | null };
  activeTicketUuid?: string | null;
  /** document.visibilityState === 'visible'. */
  pageVisible: boolean;
  /** Installed (display-mode standalone) or a small touch screen: its own push notifications do the job. */
  runsAsApp: boolean;
}

/**
 * Spec attendance §4: an incoming message notifies unless its ticket is open and visible, or belongs to another
 * user (unless the user's allTicket is 'enabled'), or the app runs installed or on a phone.
 */
export function shouldNotify(event: { action: string; message: Message; ticket: Ticket }, context: NotifyContext): boolean {
  if (event.action !== 'create' || event.message.fromMe) return false;
  if (context.runsAsApp) return false;
  if (context.pageVisible && context.activeTicketUuid != null && context.activeTicketUuid === event.ticket.uuid) return false;
  const othersTicket = event.ticket.userId != null && event.ticket.userId !== context.user.id;
  if (othersTicket && context.user.allTicket !== 'enabled') return false;
  return true;
}

/** Installed as an app (display-mode standalone) or on a small touch screen. */
export function runsAsInstalledOrMobile(): boolean {
  const media = (query: string) => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  if (media('(display-mode: standalone)') || (navigator as { standalone?: boolean }).standalone === true) return true;
  const smallest = typeof screen !== 'undefined' ? Math.min(screen.width || Infinity, screen.height || Infinity) : Infinity;
  return media('(pointer: coarse)') && smallest < 600;
}

function notificationApi(): typeof Notification | undefined {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : undefined;
}

/**
 * Desktop notifications and the sound for incoming messages (socket `company-{id}-appMessage`, create, not from
 * the company). Mount it once, high in the signed-in tree (the console's shell does; a partner page may too).
 * Asks the browser's permission at the user's first click or key press (browsers ignore asks without a gesture),
 * and says so with a toast when it is denied.
 */
/** The local storage key that remembers this browser was asked for the notification permission. */
export const NOTIFICATIONS_ASKED_KEY = 'notificationsPermissionAsked';
/** Whether this browser was asked (`asked()`), or, with `mark`, remembers it was (storage errors: asked again). */
function asked(mark?: true): boolean {
  try {
    if (mark) globalThis.localStorage?.setItem(NOTIFICATIONS_ASKED_KEY, new Date().toISOString());
    return globalThis.localStorage?.getItem(NOTIFICATIONS_ASKED_KEY) != null;
  } catch {
    return false;
  }
}

export function useTicketNotifications({ activeTicketUuid, onOpenTicket, volume, playSound = playChime }: TicketNotificationsOptions): void {
  const t = useT();
  const toast = useToast();
  const { user } = useSession();
  const latest = useRef({ activeTicketUuid, onOpenTicket, volume, playSound, t, user, toast });
  useEffect(() => {
    latest.current = { activeTicketUuid, onOpenTicket, volume, playSound, t, user, toast };
  });
  const [mayPlay] = useState(() => soundThrottle());
  // The notifications shown, by ticket: closed when their ticket opens, and all of them on unmount.
  const [shown] = useState(() => new Map<string, Notification>());

  const signedIn = user != null;
  useEffect(() => {
    const api = notificationApi();
    // Asked once on this browser: a denial (or a prompt the browser dismissed quietly) is not asked again at every
    // login; the profile's push switch asks when the user wants notifications.
    if (!signedIn || !api || api.permission !== 'default' || runsAsInstalledOrMobile() || asked()) return;
    const events = ['pointerdown', 'keydown'] as const;
    const stop = () => events.forEach((name) => document.removeEventListener(name, ask, true));
    function ask() {
      stop();
      asked(true);
      void Promise.resolve(api!.requestPermission()).then((answer) => {
        // Said once and quietly: the attendant did not ask for anything.
        if (answer === 'denied') latest.current.toast.info(latest.current.t('notifications.permissionDenied'));
      });
    }
    events.forEach((name) => document.addEventListener(name, ask, true));
    return stop;
  }, [signedIn]);

  useSocketEvent('appMessage', (event) => {
    const { user: me, activeTicketUuid: active, t: translate } = latest.current;
    if (!me) return;
    const pageVisible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (!shouldNotify(event, { user: me, activeTicketUuid: active, pageVisible, runsAsApp: runsAsInstalledOrMobile() })) return;

    if (mayPlay()) latest.current.playSound(latest.current.volume ?? storedVolume());
    const api = notificationApi();
    if (!api || api.permission !== 'granted') return;
    const { ticket, contact, message } = event;
    const uuid = ticket.uuid;
    shown.get(uuid)?.close();
    const notification = new api(translate('notifications.title', { name: contact?.name ?? ticket.contact.name }), {
      body: message.body?.trim() ? message.body : translate('notifications.media'),
      icon: contact?.urlPicture ?? contact?.profilePicUrl ?? undefined,
      tag: uuid,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
      latest.current.onOpenTicket(uuid);
    };
    notification.onclose = () => {
      if (shown.get(uuid) === notification) shown.delete(uuid);
    };
    shown.set(uuid, notification);
  });

  useEffect(() => {
    if (!activeTicketUuid) return;
    shown.get(activeTicketUuid)?.close();
    shown.delete(activeTicketUuid);
  }, [activeTicketUuid, shown]);

  useEffect(
    () => () => {
      shown.forEach((notification) => notification.close());
      shown.clear();
    },
    [shown],
  );
}
