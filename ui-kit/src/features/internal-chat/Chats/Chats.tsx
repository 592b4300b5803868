import { useEffect, useState, useSyncExternalStore } from 'react';
import { pagingProps } from '../../../data/paging';
import {
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
  type ChatDto,
  type ChatEvent,
} from '../data/chats';
import { useAllUsers } from '../../admin/users/data/users';
import { useT } from '../../../i18n';
import { internalChatTexts } from '../internal-chat.texts';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession, useSocketEvent } from '../../../provider/context';
import { ChatDialog, type ChatFormValues } from '../ChatDialog/ChatDialog';
import { ChatsView } from '../ChatsView/ChatsView';

/** Below this width the page shows the tabs 'Chats' and 'Mensagens' instead of two columns. */
export const CHATS_NARROW_QUERY = '(max-width: 768px)';
const TOAST = { timeout: 3000 };

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = globalThis.matchMedia?.(CHATS_NARROW_QUERY);
      query?.addEventListener('change', notify);
      return () => query?.removeEventListener('change', notify);
    },
    () => Boolean(globalThis.matchMedia?.(CHATS_NARROW_QUERY).matches),
    () => false,
  );
}

export interface ChatsProps {
  /** The open chat's uuid (the console's /chats/{uuid}); left out, none is open. */
  chatUuid?: string;
  /** Opens a chat: the host goes to /chats/{uuid}. */
  onOpenChat: (chatUuid: string) => void;
  /** Goes elsewhere: '/chats' when the open chat was deleted (here or remotely) or the user left it. */
  onNavigate: (path: string) => void;
  /** Forces the narrow (tabs) or wide layout; left out, the screen's width decides (768 px). */
  narrow?: boolean;
  headingLevel?: 1 | 2;
}

/**
 * The internal chat page, connected (spec back-office "Chats page", §4 Chat; needs the plan's useInternalChat).
 * GET /chats (searched, paged by scrolling) kept live by `company-{id}-chat` and `-chat-user-{userId}`; the open chat's
 * messages by GET /chats/{id}/messages (older pages on scrolling up), live by `company-{id}-chat-{chatId}`. Opening a
 * chat (and a new message arriving in it) marks it read. A chat deleted remotely, or one the user was removed from,
 * empties the panel and calls onNavigate('/chats'). The owner edits (title, members) and deletes (confirmed).
 * Decided here where the spec says "chat errors are silently ignored": marking read fails silently, but a message that
 * could not be sent stays in the composer with an error toast, and failed saves and deletes are toasted.
 */
export function Chats({ chatUuid, onOpenChat, onNavigate, narrow, headingLevel }: ChatsProps) {
  const t = useT(internalChatTexts);
  const toast = useToast();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const narrowScreen = useNarrowScreen();

  const create = useCreateChat();
  const update = useUpdateChat();
  const remove = useDeleteChat();
  // No saved or deleted toast: a new chat opens, a deleted one leaves for the list.
  const crud = useCrudPage({
    create: async (values: ChatFormValues) => {
      const created = await create.mutateAsync(values);
      onOpenChat(created.uuid);
      return created;
    },
    update: (editing: ChatDto, values) => update.mutateAsync({ id: editing.id, body: values }),
    remove: async (removed) => {
      await remove.mutateAsync(removed.id);
      onNavigate('/chats');
    },
    texts: {},
    toastTimeout: TOAST.timeout,
  });
  const searchParam = crud.debouncedSearch.trim().toLowerCase();
  const list = useChats(searchParam ? { searchParam } : {});
  const all = useChats({}, { enabled: Boolean(searchParam) });
  const inList = [...(list.data?.items ?? []), ...(all.data?.items ?? [])].find((c) => c.uuid === chatUuid);
  const fetched = useChatByUuid(chatUuid ?? '', { enabled: Boolean(chatUuid) && !inList });
  const chat: ChatDto | null = (chatUuid && (inList ?? fetched.data)) || null;
  const notFound = Boolean(chatUuid) && !chat && fetched.isError;

  const messages = useChatMessages(chat?.id ?? 0, { enabled: Boolean(chat) });
  useChatMessagesLive(chat?.id);
  useChatUnreadsLive();

  // Opening a chat, or a message arriving while it is open, marks it read for the user.
  const read = useReadChat();
  const unread = chat ? unreadsOf(chat, userId) : 0;
  const chatId = chat?.id;
  const { mutate: markRead } = read;
  const hasUnread = unread > 0;
  useEffect(() => {
    if (chatId && userId) markRead({ id: chatId, userId }, { onError: () => {} });
  }, [chatId, userId, hasUnread, markRead]);

  useSocketEvent<ChatEvent>('chat', (event) => {
    if (event.action === 'delete' && event.id === chat?.id) onNavigate('/chats');
  });

  const send = useSendChatMessage();
  const [confirming, setConfirming] = useState(false);
  const users = useAllUsers({ enabled: crud.modal.isOpen });
  const others = (users.data ?? []).filter((u) => u.id !== userId).map((u) => ({ id: u.id, name: u.name }));

  return (
    <>
      <ChatsView
        userId={userId}
        chats={list.data?.items ?? []}
        listLoading={pagingProps(list).isLoading}
        listError={list.isError}
        onReloadList={() => void list.refetch()}
        hasMoreChats={Boolean(list.hasNextPage)}
        onLoadMoreChats={() => void list.fetchNextPage({ cancelRefetch: false })}
        search={crud.search}
        onSearchChange={crud.setSearch}
        chat={chat}
        notFound={notFound}
        messages={messages.data?.items ?? []}
        messagesLoading={messages.isPending && Boolean(chat) ? true : messages.isFetchingNextPage}
        hasOlderMessages={Boolean(messages.hasNextPage)}
        onLoadOlderMessages={() => void messages.fetchNextPage({ cancelRefetch: false })}
        onOpenChat={(c) => onOpenChat(c.uuid)}
        onNewChat={() => crud.openNew()}
        onEditChat={() => chat && crud.openEdit(chat)}
        onDeleteChat={() => setConfirming(true)}
        onSend={async (message) => {
          if (!chat) return;
          try {
            await send.mutateAsync({ id: chat.id, message });
          } catch (err) {
            toast.show({ kind: 'error', message: t('internalChat.sendError') }, TOAST);
            throw err;
          }
        }}
        narrow={narrow ?? narrowScreen}
        headingLevel={headingLevel}
      />
      {crud.modal.isOpen && (
        <ChatDialog
          key={crud.modal.key}
          isOpen
          onOpenChange={crud.modal.onOpenChange}
          chat={crud.modal.editing}
          users={others}
          onSave={(values) => crud.save(values)}
        />
      )}
      {chat && (
        <ConfirmationDialog
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('internalChat.confirmDelete.title', { title: chat.title })}
          confirmLabel={t('internalChat.delete')}
          onConfirm={() => crud.destroy(chat)}
        >
          {t('internalChat.confirmDelete.body')}
        </ConfirmationDialog>
      )}
    </>
  );
}
