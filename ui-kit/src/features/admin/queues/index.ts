// The queues page: the table, the queue modal with its hours tab and chatbot option tree. The business-hours editor
// is shared with the settings' Horários tab (features/admin/business-hours).
export {
  QUEUE_PALETTE,
  colorRule,
  greetingRule,
  orderRule,
  queueBody,
  queueFormValues,
  queuePermissions,
  queueSchedules,
  suggestColor,
  type Queue,
  type QueueBody,
  type QueueFormValues,
  type QueuePermissions,
} from './queue-rules';
export { QueuesView, type QueuesViewProps } from './QueuesView/QueuesView';
export { QueueModal, type QueueModalProps } from './QueueModal/QueueModal';
export { QueueOptionsTree, type QueueOption, type QueueOptionsTreeProps } from './QueueOptionsTree/QueueOptionsTree';
export { Queues, type QueuesProps } from './Queues/Queues';
export { queuesTexts } from '../../../i18n/queues';
export {
  useCreateQueue,
  useCreateQueueOption,
  useDeleteQueue,
  useDeleteQueueOption,
  useQueue,
  useQueueOptions,
  useQueues,
  useUpdateQueue,
  useUpdateQueueOption,
  type DeleteQueueOptionVariables,
} from './data/queues';
export { removeQueue, removeQueueOptions, writeQueue, writeQueueOption } from './data/queue-cache';
export { queuesRealtime } from './data/realtime';
