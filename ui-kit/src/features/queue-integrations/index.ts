// Queue integrations (/queue-integration) and the typebot page (/typebot): the list, the add/edit dialog, the signing
// secret dialog, the connected page and the overlay.
export {
  DIALOGFLOW_LANGUAGES,
  INTEGRATION_TYPES,
  initialIntegrationValues,
  integrationBody,
  typebotFrontendUrl,
  type QueueIntegration,
  type QueueIntegrationFormValues,
} from './queue-integration-rules';
export { IntegrationTypeBadge } from './type-badge';
export { QueueIntegrationsView, type QueueIntegrationsViewProps } from './QueueIntegrationsView/QueueIntegrationsView';
export { QueueIntegrationModal, type QueueIntegrationModalProps } from './QueueIntegrationModal/QueueIntegrationModal';
export { SecretDialog, type SecretDialogProps } from './SecretDialog/SecretDialog';
export { QueueIntegrations, QUEUE_INTEGRATIONS_TOAST_MS, type QueueIntegrationsProps } from './QueueIntegrations/QueueIntegrations';
export { TypebotOverlay, TypebotOverlayView, type TypebotOverlayProps, type TypebotOverlayViewProps } from './TypebotOverlay/TypebotOverlay';
export {
  writeQueueIntegrationEvent,
  byIntegrationName,
  removeQueueIntegration,
  useCreateQueueIntegration,
  useDeleteQueueIntegration,
  useQueueIntegration,
  useQueueIntegrationOptions,
  useQueueIntegrations,
  useRotateQueueIntegrationSecret,
  useTestDialogflowSession,
  useUpdateQueueIntegration,
  writeQueueIntegration,
  type CreatedQueueIntegrationDto,
  type QueueIntegrationChoice,
  type QueueIntegrationDto,
  type QueueIntegrationType,
  type SaveQueueIntegrationBody,
  type TestSessionBody,
  type TestSessionResult,
} from './data/queue-integrations';
export { queueIntegrationsRealtime } from './data/realtime';
export { queueIntegrationsTexts } from './queue-integrations.texts';
