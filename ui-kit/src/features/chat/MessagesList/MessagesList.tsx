import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Schema } from '../../../client';
import { writeMessage } from '../../../data/cache-writes';
import { useApiMutation } from '../../../data/mutations';
import { useMessages } from '../data/messages';
import { atendeKeys } from '../../../data/query-keys';
import { useT } from '../../../i18n/locale-context';
import { LazyConfirmationDialog } from '../../../primitives/ConfirmationDialog/LazyConfirmationDialog';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { useToast } from '../../../primitives/Toast/Toast';
import { canEditMessage } from '../../tickets/ticket-rules';
import { ApiMediaLoader } from '../media';
import { QUOTED_SEARCH_MAX_PAGES, type Message } from '../message-format';
import { MessagesListView, type MessagesListHandle } from '../MessagesListView/MessagesListView';
import { isOfficialTicket } from '../data/official';
import { officialTexts } from '../official.texts';

export interface MessagesListProps {
  ticketId: number;
  /** Reply to a message (the composer shows it quoted). */
  onReply: (message: Message) => void;
  /** Edit one of your messages (the composer takes its text). */
  onEdit: (message: Message) => void;
  audioRate: number;
  onAudioRateChange: (rate: number) => void;
  /**
   * A message to show (a search hit, with the page of GET /messages that held it): older pages load up to it, then
   * it is scrolled to and stays marked while it is the focus.
   */
  focus?: { messageId: string; pageNumber: number } | null;
}

const HIGHLIGHT_MS = 2000;
/** How deep a search hit may be loaded (pages of 20): 4,000 messages. */
const FOCUS_MAX_PAGES = 200;

/**
 * The connected history of a ticket: its messages (live through the provider's cache), older pages on demand,
 * media loaded with the session's API client, the jump to a quoted message (searching up to 11 pages back,
 * else 'Mensagem não encontrada!') and the deletion of your own recent messages.
 */
export function MessagesList({ ticketId, onReply, onEdit, audioRate, onAudioRateChange, focus = null }: MessagesListProps) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const messages = useMessages(ticketId);
  // Meta's official API cannot edit or delete a sent message: the menu says so instead of offering them.
  const official = isOfficialTicket(messages.data?.ticket);
  const tOfficial = useT(officialTexts);
  const view = useRef<MessagesListHandle>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  // `mark`: a quoted message is marked briefly once reached; a search hit stays marked as the focus instead.
  const [pendingJump, setPendingJump] = useState<{ id: string; mark: boolean } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const deleteMessage = useApiMutation((client, message: Message) => client.DELETE('/messages/{id}', { params: { path: { id: message.id } } }), {
    // The socket's update follows; until then the message shows as deleted.
    onSuccess: (_data, message, client) => writeMessage(client, { ...message, isDeleted: true, body: '', mediaUrl: null }, 'update'),
  });

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // The edit window closes with time: re-evaluate what the menus offer every minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // A message found by the search is scrolled to once it has rendered in the list.
  useEffect(() => {
    if (!pendingJump) return;
    if (view.current?.scrollToMessage(pendingJump.id)) {
      setHighlighted((current) => (pendingJump.mark ? pendingJump.id : current));
      setPendingJump(null);
    }
  }, [pendingJump, messages.data]);

  const loadedPages = useCallback(
    () => queryClient.getQueryData<InfiniteData<Schema<'MessagePageDto'>>>(atendeKeys.tickets.messages(ticketId))?.pages.length ?? 0,
    [queryClient, ticketId],
  );

  const jumpTo = useCallback(
    async (quotedId: string) => {
      if (view.current?.scrollToMessage(quotedId)) {
        setHighlighted(quotedId);
        return;
      }
      let result = messages;
      let found = false;
      while (!found && result.hasNextPage && loadedPages() < QUOTED_SEARCH_MAX_PAGES) {
        result = await result.fetchNextPage();
        if (result.isError) break;
        found = result.data?.items.some((m) => m.id === quotedId) ?? false;
      }
      if (found) setPendingJump({ id: quotedId, mark: true });
      else toast.error(t('chat.quoted.notFound'));
    },
    [messages, loadedPages, toast, t],
  );

  // A search hit: its page (and the one after, in case newer messages pushed it there) loaded, then scrolled to.
  const latestMessages = useRef(messages);
  useEffect(() => {
    latestMessages.current = messages;
  });
  const focusId = focus?.messageId;
  const focusPage = focus?.pageNumber ?? 1;
  useEffect(() => {
    if (!focusId) return;
    let cancelled = false;
    void (async () => {
      if (view.current?.scrollToMessage(focusId)) return;
      let result = latestMessages.current;
      while (!cancelled && result.hasNextPage && loadedPages() <= focusPage && loadedPages() < FOCUS_MAX_PAGES) {
        result = await result.fetchNextPage();
        if (result.isError) break;
      }
      if (!cancelled) setPendingJump({ id: focusId, mark: false });
    })();
    return () => {
      cancelled = true;
    };
  }, [focusId, focusPage, loadedPages, messages.isPending]);

  if (messages.isPending) {
    return (
      <div className="atd-History atd-History-empty">
        <Spinner label={t('chat.loading')} />
      </div>
    );
  }

  return (
    <ApiMediaLoader>
      <MessagesListView
        handleRef={view}
        messages={messages.data?.items ?? []}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
        canEdit={(message) => !official && canEditMessage(message, now)}
        editBlockedReason={(message) => (official && canEditMessage(message, now) ? tOfficial('official.message.noEdit') : null)}
        onReply={onReply}
        onEdit={onEdit}
        onDelete={setDeleting}
        onQuotedPress={(id) => void jumpTo(id)}
        highlightedId={highlighted ?? focusId ?? null}
        audioRate={audioRate}
        onAudioRateChange={onAudioRateChange}
      />
      <LazyConfirmationDialog
        title={t('chat.message.deleteTitle')}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        confirmLabel={t('chat.message.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMessage.mutateAsync(deleting);
          } catch (error) {
            toast.toastError(error);
          }
        }}
      >
        {t('chat.message.deleteBody')}
      </LazyConfirmationDialog>
    </ApiMediaLoader>
  );
}
