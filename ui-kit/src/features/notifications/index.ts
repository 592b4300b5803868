// Ticket notifications: desktop notification and sound for incoming messages, the top-bar bell of unread tickets.
export { useTicketNotifications, shouldNotify, runsAsInstalledOrMobile, type TicketNotificationsOptions, type NotifyContext } from './use-ticket-notifications';
export { VOLUME_KEY, SOUND_THROTTLE_MS, storedVolume, playChime, soundThrottle } from './sound';
export {
  TicketsBell,
  TicketsBellList,
  useTicketsBell,
  UNREAD_TICKETS_FILTERS,
  type TicketsBellProps,
  type TicketsBellListProps,
} from './TicketsBell/TicketsBell';
export { PushToggle, pushSupported, BROWSER_ID_KEY, type PushToggleProps } from './PushToggle/PushToggle';
export { endPushHere } from './PushToggle/push-here';
