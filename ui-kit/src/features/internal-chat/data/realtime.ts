import type { RealtimeModule } from '../../../data/realtime';
import { applyChatEvent } from './chats';

/** What internal chat events do to the chats' cache. */
export const internalChatRealtime: RealtimeModule = {
  chat: (event, { queryClient }) => applyChatEvent(queryClient, event),
};
