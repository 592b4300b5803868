import type { RealtimeModule } from '../../../data/realtime';
import { writeChatEvent } from './chats';

/** What internal chat events do to the chats' cache. */
export const internalChatRealtime: RealtimeModule = {
  chat: (event, { queryClient }) => writeChatEvent(queryClient, event),
};
