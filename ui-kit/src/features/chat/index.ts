// The ticket conversation: header, message history, composer and the contact drawer.
export {};
export { Composer, type ComposerProps } from './Composer/Composer';
export { ContactDrawer, type ContactDrawerProps } from './ContactDrawer/ContactDrawer';
export { TicketChat, TicketChatLayout, type TicketChatProps, type LeaveReason } from './TicketChat/TicketChat';
export { ChatHeader, type ChatHeaderProps } from './ChatHeader/ChatHeader';
export { ChatHeaderView, type ChatHeaderViewProps } from './ChatHeaderView/ChatHeaderView';
export { MessagesList, type MessagesListProps } from './MessagesList/MessagesList';
export { MessagesListView, type MessagesListViewProps, type MessagesListHandle } from './MessagesListView/MessagesListView';
export { MessageBubble, type MessageBubbleProps } from './MessagesList/MessageBubble';
export { AckIcon, type AckIconProps } from './MessagesList/AckIcon';
export { EditHistoryDialog, type EditHistoryDialogProps } from './MessagesList/EditHistoryDialog';
export { ImageMedia, VideoMedia, DocumentMedia, AudioMedia, LocationCard, ContactCard } from './MessagesList/MessageMedia';
export { MessageOptionsMenu, type MessageOptionsMenuProps } from './MessageOptionsMenu/MessageOptionsMenu';
export { AudioPlayer, nextRate, type AudioPlayerProps } from './AudioPlayer/AudioPlayer';
export { MediaLoaderContext, ApiMediaLoader, useMediaUrl, type MediaLoader, type MediaState } from './media';
export {
  historyRows,
  relativeDay,
  ackState,
  waveformOf,
  locationOf,
  contactsOf,
  parseVcards,
  AUDIO_RATES,
  AUDIO_RATE_KEY,
  QUOTED_SEARCH_MAX_PAGES,
  LOAD_OLDER_THRESHOLD_PX,
  LOAD_OLDER_DEBOUNCE_MS,
  WAVEFORM_BARS,
  type HistoryRow,
  type AckState,
  type LocationInfo,
  type VcardContact,
} from './message-format';
export { ComposerView, MAX_FILES, type ComposerViewProps } from './ComposerView/ComposerView';
export { QUICK_REPLY_LABEL_MAX, matchQuickReplies, quickReplyLabel, type QuickMessage } from './ComposerView/quick-replies';
export {
  MIN_VOICE_BYTES,
  PREFERRED_RECORDING_TYPES,
  pickRecordingType,
  recorderErrorOf,
  useVoiceRecorder,
  type RecorderError,
  type RecorderStatus,
  type VoiceRecorder,
} from './ComposerView/voice-recorder';
export { encodeWav, toVoiceFile } from './ComposerView/voice-file';
export { ContactDrawerView, type ContactDrawerViewProps } from './ContactDrawerView/ContactDrawerView';
export { ContactForm, type ContactFormProps, type ContactFormValues } from './ContactDrawer/ContactForm';
export { TicketNotes, type TicketNotesProps } from './TicketNotes/TicketNotes';
export { NOTE_MIN_LENGTH, TicketNotesView, type TicketNote, type TicketNotesViewProps } from './TicketNotesView/TicketNotesView';
export { ChatIcon } from './chat-icons';
export { FormattedText, MessagePreview } from './FormattedText/FormattedText';
export { openChatAtSearch } from './TicketChat/chat-search';
export { plainWhatsAppText } from './message-format-text';
export {
  mediaForm,
  messageSearchKey,
  useEditMessage,
  useMessageSearch,
  useMessages,
  useSendMedia,
  useSendMessage,
  type MessageList,
  type SendMediaVariables,
  type SendMessageBody,
} from './data/messages';
export { useCreateTicketNote, useDeleteTicketNote, useTicketNotes } from './data/ticket-notes';
