// @atende/ui-kit/provider: the provider, the session and its hooks, the theme, the locale and the toasts, without any
// screen. A page renders <AtendeProvider> once, then the widgets of the other entry points inside it.
export { AtendeProvider } from './atende-provider';
export type { AtendeProviderProps, SocketFactory } from './provider/AtendeProvider';
export {
  useApiClient,
  useAtende,
  useEmbedSession,
  useLocaleSetting,
  useSession,
  useSocket,
  useSocketEvent,
  useTheme,
  useWhiteLabel,
  type AtendeContextValue,
  type SessionStatus,
  type SocketChannels,
  type UseSession,
} from './provider/context';
export { ApiRequestError, unwrap } from './provider/api-error';
export { settingsMap, useCompanySettings } from './provider/company-settings';
export { useMe } from './provider/session-queries';
export { can, canCreateTicket, isAdmin, settingsOf, type Me } from './provider/session-rules';
export type { LogoutReason } from './provider/auth-client';
export type { EmbedSessionError, EmbedSessionState, EmbedSessionStatus, GetToken } from './provider/embed-session';
export type { SessionInput, SessionState, SessionUser } from './provider/session-store';
export { createMemoryStorage, type KitStorage } from './provider/storage';
export { WHITE_LABEL_DEFAULTS, type WhiteLabel } from './provider/white-label';
export { AtendeRoot, readableOn, type AtendeRootProps, type PrimaryColors, type Theme, type WhiteLabelBrand } from './theme/AtendeRoot';
export { ToastProvider, useToast, type ToastApi, type ToastContent, type ToastKind, type ToastOptions } from './primitives/Toast/Toast';
export { DEFAULT_LOCALE, LOCALES, isLocaleLoaded, loadLocale, resolveLocale, useLocale, useT, type Locale, type MessageKey } from './i18n';
export { realtimeCacheHandlers, useRealtimeCache } from './realtime-cache';
