// The connections page: the table with the session buttons, the QR code and pairing code dialog, the connection
// modal with its API token, and the token shown once.
export {
  CONNECTION_STATUSES,
  MAX_USE_BOT_QUEUES_DEFAULT,
  MAX_USE_BOT_QUEUES_MAX,
  MINUTES_MAX,
  NO_REDIRECT_QUEUE,
  STATUS_TONE,
  connectionBody,
  connectionPermissions,
  formValuesOf,
  formatPairingCode,
  formatUpdatedAt,
  maxUseBotQueuesRule,
  minutesRule,
  pairingNumberRule,
  sessionActions,
  type Connection,
  type ConnectionFormValues,
  type ConnectionPermissions,
  type ConnectionProvider,
  type ConnectionStatus,
  type CreateConnectionBody,
  type UpdateConnectionBody,
  type SessionAction,
  type StatusTone,
} from './connection-rules';
export { ConnectionsView, StatusLabel, type ConnectionsViewProps } from './ConnectionsView/ConnectionsView';
export { ConnectionModal, type ConnectionModalProps } from './ConnectionModal/ConnectionModal';
export { QrCodeDialog, QR_CODE_SIZE, type QrCodeDialogProps } from './QrCodeDialog/QrCodeDialog';
export { TokenDialog, type TokenDialogProps } from './TokenDialog/TokenDialog';
export { Connections, type ConnectionsProps } from './Connections/Connections';
export { connectionsTexts } from './connections.texts';
export {
  useCreateWhatsapp,
  useDeleteWhatsapp,
  useDisconnectWhatsappSession,
  useRenewWhatsappSession,
  useRevokeWhatsappToken,
  useRotateWhatsappToken,
  useStartWhatsappSession,
  useUpdateWhatsapp,
  useWhatsapp,
  useWhatsapps,
  type WhatsappSessionCommand,
} from './data/whatsapps';
export { writeWhatsappPatch, removeWhatsapp, writeWhatsapp } from './data/whatsapp-cache';
export { connectionsRealtime } from './data/realtime';
export { useMessageTemplates, useSyncMessageTemplates, type MessageTemplateFilters } from './data/message-templates';
export {
  TEMPLATE_PURPOSES,
  isOfficial as isOfficialConnection,
  messagingLimitOf,
  qualityOf,
  type ConnectionType,
  type MessageTemplate,
  type TemplateChoice,
  type TemplatePurpose,
  type TemplatePurposes,
} from './official-rules';
