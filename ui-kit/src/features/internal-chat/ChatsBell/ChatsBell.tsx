import { useContext } from 'react';
import { Button, OverlayTriggerStateContext } from 'react-aria-components';
import { unreadsOf, useChats, useChatUnreadsLive, type ChatDto } from '../data/chats';
import { useT } from '../../../i18n';
import { chatsBellTexts } from '../chats-bell.texts';
import { Badge } from '../../../primitives/Badge/Badge';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { useSession } from '../../../provider/context';
import type { TopBarBell } from '../../../shell/TopBar/TopBar';

export interface ChatsBellListProps {
  /** The chats with unread messages for `userId`, latest activity first. */
  chats: ChatDto[];
  userId: number;
  loading?: boolean;
  onOpenChat: (chat: ChatDto) => void;
}

/**
 * The chats bell's list (presentational): each chat with unread messages, its last message and the user's unread
 * count; an empty text otherwise. Shares the tickets bell's look (its classes).
 */
export function ChatsBellList({ chats, userId, loading = false, onOpenChat }: ChatsBellListProps) {
  const t = useT(chatsBellTexts);
  if (loading) return <Spinner className="atd-BellList-loading" showLabel />;
  if (chats.length === 0) return <p className="atd-BellList-empty">{t('chatsBell.empty')}</p>;
  return (
    <ul className="atd-BellList" aria-label={t('chatsBell.list')}>
      {chats.map((chat) => {
        const count = unreadsOf(chat, userId);
        return (
          <li key={chat.id}>
            <Button className="atd-BellList-item" onPress={() => onOpenChat(chat)}>
              <span className="atd-BellList-text">
                <span className="atd-BellList-name">{chat.title}</span>
                {chat.lastMessage && <span className="atd-BellList-last">{chat.lastMessage}</span>}
              </span>
              <Badge count={count} variant="success" label={t('chatsBell.unread', { count })} />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

export interface ChatsBellProps {
  /** Opens a chat (the console goes to /chats/{uuid}). */
  onOpenChat: (chatUuid: string) => void;
}

/** The connected bell content: the signed-in user's chats with unread messages; choosing one closes the popover. */
export function ChatsBell({ onOpenChat }: ChatsBellProps) {
  const { user } = useSession();
  const chats = useChats();
  const overlay = useContext(OverlayTriggerStateContext);
  const userId = user?.id ?? 0;
  return (
    <ChatsBellList
      chats={(chats.data?.items ?? []).filter((c) => unreadsOf(c, userId) > 0)}
      userId={userId}
      loading={chats.isPending}
      onOpenChat={(chat) => {
        overlay?.close();
        onOpenChat(chat.uuid);
      }}
    />
  );
}

/**
 * The top bar's chats bell and the drawer's unread dot, from one read: the signed-in user's chats (GET /chats, first
 * page, latest activity first, kept live by the `chat` and `chat-user-{userId}` events). The badge counts the chats
 * with unread messages among those loaded: a chat with a new message moves to the top, so the first page holds
 * every recently active one. Off (no request) without the plan's useInternalChat or when `enabled` is false.
 */
export function useChatsBell({ onOpenChat, enabled = true }: ChatsBellProps & { enabled?: boolean }): { bell: TopBarBell; unread: boolean } {
  const { status, user } = useSession();
  const on = enabled && status === 'authenticated' && user?.features.useInternalChat === true;
  const chats = useChats({}, { enabled: on });
  useChatUnreadsLive(on);
  const count = on ? (chats.data?.items ?? []).filter((c) => unreadsOf(c, user?.id)).length : 0;
  return { bell: { id: 'chats', count, content: <ChatsBell onOpenChat={onOpenChat} /> }, unread: count > 0 };
}
