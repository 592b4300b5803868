// The quick-messages page: the list (search, infinite scroll, edit, delete) and the modal (shortcode, message, attachment, private switch).
export {
  MESSAGE_PREVIEW_MAX,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QUICK_MESSAGE_MEDIA_TYPES,
  SHORTCODE_MAX,
  canChangeQuickMessage,
  canShareQuickMessages,
  messagePreview,
  quickMessageBody,
  searchParamOf,
  shortcodeRule,
  type QuickMessageFormValues,
} from './quick-message-rules';
export { QuickMessagesView, type QuickMessagesViewProps } from './QuickMessagesView/QuickMessagesView';
export { QuickMessageModal, type QuickMessageModalProps } from './QuickMessageModal/QuickMessageModal';
export {
  QuickMessages,
  QUICK_MESSAGES_TOAST_MS,
  useDeleteQuickMessageMedia,
  useUploadQuickMessageMedia,
  type QuickMessagesProps,
} from './QuickMessages/QuickMessages';
export { useCreateQuickMessage, useDeleteQuickMessage, useQuickMessages, useUpdateQuickMessage, useUsableQuickMessages } from './data/quick-messages';
