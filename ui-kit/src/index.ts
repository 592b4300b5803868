// The public API of @atende/ui-kit, spelled out.
// Styles are one file the host imports once: import '@atende/ui-kit/styles.css' (src/styles.css).

export { AtendeRoot, readableOn, type AtendeRootProps, type PrimaryColors, type Theme, type WhiteLabelBrand } from './theme/AtendeRoot';

export { Button, type ButtonProps, type ButtonVariant } from './primitives/Button/Button';
export { TextField, type TextFieldProps } from './primitives/TextField/TextField';
export { PasswordField, type PasswordFieldProps } from './primitives/PasswordField/PasswordField';
export { TextArea, type TextAreaProps } from './primitives/TextArea/TextArea';
export { Select, SelectItem, type SelectOption, type SelectProps } from './primitives/Select/Select';
export { Switch, type SwitchProps } from './primitives/Switch/Switch';
export { Checkbox, type CheckboxProps } from './primitives/Checkbox/Checkbox';
export { CheckboxGroup, type CheckboxGroupProps } from './primitives/CheckboxGroup/CheckboxGroup';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './primitives/Icon/Icon';
export {
  ToastProvider,
  useToast,
  TOAST_TIMEOUT_MS,
  type ToastApi,
  type ToastContent,
  type ToastKind,
  type ToastOptions,
  type ToastProviderProps,
} from './primitives/Toast/Toast';
export { IconButton, type IconButtonProps } from './primitives/IconButton/IconButton';
export { Spinner, type SpinnerProps } from './primitives/Spinner/Spinner';
export { Badge, type BadgeProps, type BadgeVariant } from './primitives/Badge/Badge';
export { Avatar, initialsOf, type AvatarProps } from './primitives/Avatar/Avatar';
export { Chip, type ChipProps } from './primitives/Chip/Chip';
export { EmptyState, type EmptyStateProps } from './primitives/EmptyState/EmptyState';
export { Tooltip, type TooltipProps } from './primitives/Tooltip/Tooltip';
export { Popover, PopoverTrigger, type PopoverProps } from './primitives/Popover/Popover';
export { Dialog, DialogTrigger, type DialogProps } from './primitives/Dialog/Dialog';
export { ConfirmationDialog, type ConfirmationDialogProps } from './primitives/ConfirmationDialog/ConfirmationDialog';
export { ListPage, useDeleteConfirmation, type DeleteConfirmationTexts, type ListPageProps } from './primitives/ListPage/ListPage';
export { CopyButton, COPIED_MS, copyText, type CopyButtonProps } from './primitives/CopyButton/CopyButton';
export { Menu, MenuItem, MenuSeparator, MenuTrigger, type MenuItemProps, type MenuProps } from './primitives/Menu/Menu';
export {
  LazyMenuTrigger,
  LazyMount,
  LazyPopoverTrigger,
  lazyOverlay,
  type LazyOverlayComponent,
  type LazyTriggerProps,
} from './primitives/LazyOverlay/LazyOverlay';
export { LazyDialog } from './primitives/Dialog/LazyDialog';
export { LazyConfirmationDialog } from './primitives/ConfirmationDialog/LazyConfirmationDialog';
export { Tab, TabList, TabPanel, Tabs, type TabProps } from './primitives/Tabs/Tabs';
export { ComboBox, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type ComboBoxProps, type ComboBoxStatus } from './primitives/ComboBox/ComboBox';
export {
  Table,
  LOAD_MORE_THRESHOLD_PX,
  type TableColumn,
  type TableProps,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from './primitives/Table/Table';

export * from './forms';

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
export { syncSessionCompany } from './provider/session-company';
export { settingsMap, useCompanySettings } from './provider/company-settings';
export { useMe } from './provider/session-queries';
export { can, canCreateTicket, isAdmin, settingsOf, type Me } from './provider/session-rules';
export type { LogoutReason } from './provider/auth-client';
export type { EmbedSessionError, EmbedSessionState, EmbedSessionStatus, GetToken } from './provider/embed-session';
export type { SessionInput, SessionState, SessionUser } from './provider/session-store';
export { createMemoryStorage, type KitStorage } from './provider/storage';
export { WHITE_LABEL_DEFAULTS, type WhiteLabel } from './provider/white-label';

export {
  DEFAULT_LOCALE,
  LOCALES,
  isLocaleLoaded,
  isMessageKey,
  loadLocale,
  pt,
  resolveLocale,
  translate,
  translateError,
  errorText,
  errorsPt,
  useLocale,
  useT,
  type Locale,
  type MessageKey,
  type Messages,
  type MessageVars,
  type TranslateFn,
  type TranslatedErrorCode,
} from './i18n';

export {
  createAtendeClient,
  companyEvent,
  SOCKET_PING_MS,
  USER_STATUS_PING_MS,
  type AtendeClient,
  type ApiError,
  type Schema,
  type Profile,
  type Permission,
  type TicketStatus,
  type ErrorCode,
  type PlanFeature,
  type paths,
  type components,
  type ServerChannels,
  type ServerChannel,
  type TicketChannels,
  type ClientEvents,
  type RealtimeEntities,
  type RealtimeEntity,
  REALTIME_SCHEMAS,
} from './client';

export * from './data';
export { realtimeCacheHandlers, useRealtimeCache } from './realtime-cache';

// The attendance workspace (README, "Attendance workspace").
export * from './features/tickets';
export * from './features/chat';
export * from './features/notifications';
export * from './features/contacts';
export * from './features/dashboard';
export * from './features/kanban';
export * from './features/quick-messages';
export * from './features/messages-api';
export * from './features/connections';
export * from './features/admin/business-hours';
export * from './features/admin/queues';
export * from './features/admin/settings';
export * from './features/admin/plans';
export * from './features/admin/companies';
export * from './features/admin/users';
export * from './features/admin/helps';
export * from './features/admin/holidays';
export * from './features/admin/embed-keys';
export * from './features/schedules';
export * from './features/billing';
export * from './features/campaigns';
export * from './features/prompts';
export * from './features/queue-integrations';
export * from './features/announcements';
export * from './features/tasks';
export * from './features/internal-chat';
export * from './features/audit';

export { AppShell, type AppShellProps } from './shell/AppShell/AppShell';
export { useShellLayout, SHELL_BREAKPOINTS, type ShellLayout } from './shell/AppShell/use-shell-layout';
export { Drawer, DRAWER_BADGE_DELAY_MS, type DrawerProps, type DrawerVariant } from './shell/Drawer/Drawer';
export { TopBar, type TopBarProps, type TopBarBell, type TopBarBellId } from './shell/TopBar/TopBar';
export {
  drawerSections,
  connectionsNeedAttention,
  CONNECTION_ATTENTION_STATUSES,
  type DrawerAccess,
  type DrawerItem,
  type DrawerSection,
  type DrawerBadge,
} from './shell/drawer-items';
export { AtendeShell, CAMPAIGNS_FLAG_KEY, VOLUME_KEY, type AtendeShellProps } from './shell/AtendeShell';

export { AuthLayout, type AuthLayoutProps } from './screens/AuthLayout/AuthLayout';
export { Login, LoginView, type LoginProps, type LoginViewProps, type LoginValues } from './screens/Login/Login';
export { subscriptionNotice, SUBSCRIPTION_WARNING_DAYS, type SubscriptionNotice } from './screens/Login/subscription-notice';
export { SignUp, SignUpView, type SignUpProps, type SignUpViewProps, type Plan } from './screens/SignUp/SignUp';
export { ForgotPassword, ForgotPasswordView, type ForgotPasswordProps, type ForgotPasswordViewProps } from './screens/ForgotPassword/ForgotPassword';
export {
  UserProfileModal,
  UserProfileModalView,
  type UserProfileModalProps,
  type UserProfileModalViewProps,
  type UserProfileValues,
} from './screens/UserProfileModal/UserProfileModal';

// Former names of cache writes (deprecated aliases; see deprecated-names.ts).
export {
  applyAnnouncementEvent,
  applyCampaignEvent,
  applyChatEvent,
  applyPromptEvent,
  applyQueueIntegrationEvent,
  applyScheduleEvent,
  applyTaskEvent,
  markRead,
  patchWhatsapp,
  setChatUnreads,
} from './deprecated-names';
