import { useNavigate, useParams } from 'react-router';
import { Chats } from '@atende/ui-kit';

/**
 * /chats and /chats/:chatId (spec back-office "Chats page", plan flag useInternalChat): the kit's internal chat.
 * The address carries the open chat's uuid; opening one goes to /chats/{uuid}, a deleted one back to /chats.
 */
export function ChatsPage() {
  const navigate = useNavigate();
  const { chatId } = useParams();
  return (
    <div className="console-chats" style={{ minWidth: 0, height: 'calc(100dvh - var(--console-topbar-height, 3.5rem) - 1rem)' }}>
      <Chats chatUuid={chatId} onOpenChat={(uuid) => void navigate(`/chats/${uuid}`)} onNavigate={(path) => void navigate(path)} />
    </div>
  );
}
