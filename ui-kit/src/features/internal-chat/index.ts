// The internal chat page (list, messages, new/edit dialog) and the top bar's chats bell.
export { Chats, CHATS_NARROW_QUERY, type ChatsProps } from './Chats/Chats';
export { ChatsView, OLDER_MESSAGES_THRESHOLD_PX, type ChatsViewProps } from './ChatsView/ChatsView';
export { ChatDialog, type ChatDialogProps, type ChatFormValues } from './ChatDialog/ChatDialog';
export { ChatsBell, ChatsBellList, useChatsBell, type ChatsBellProps, type ChatsBellListProps } from './ChatsBell/ChatsBell';
export {
  addChatMessage,
  writeChatEvent,
  byChatActivity,
  removeChat,
  writeChatUnreads,
  unreadsOf,
  useChatByUuid,
  useChatMessages,
  useChatMessagesLive,
  useChats,
  useChatUnreadsLive,
  useCreateChat,
  useDeleteChat,
  useReadChat,
  useSendChatMessage,
  useUpdateChat,
  writeChat,
  type ChatDto,
  type ChatEvent,
  type ChatMessageDto,
  type ChatMessageEvent,
  type ChatMessageList,
  type ChatUnreadEvent,
} from './data/chats';
export { internalChatRealtime } from './data/realtime';
