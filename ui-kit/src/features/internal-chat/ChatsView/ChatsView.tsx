import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { ChatDto, ChatMessageDto } from '../data/chats';
import { unreadsOf } from '../data/chats';
import { useLocale, useT } from '../../../i18n';
import { internalChatTexts } from '../internal-chat.texts';
import { Badge } from '../../../primitives/Badge/Badge';
import { Button } from '../../../primitives/Button/Button';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { Tab, TabList, TabPanel, Tabs } from '../../../primitives/Tabs/Tabs';
import { TextField } from '../../../primitives/TextField/TextField';
import { FormattedText } from '../../chat/FormattedText/FormattedText';
import { plainWhatsAppText } from '../../chat/message-format-text';

/** Spec back-office §9: older messages load once the panel is scrolled to less than this from its top. */
export const OLDER_MESSAGES_THRESHOLD_PX = 600;
/** The list's next page loads within this of its bottom (spec §9). */
const LIST_THRESHOLD_PX = 100;
export const CHAT_MESSAGE_MAX = 4000;

export interface ChatsViewProps {
  /** The signed-in user: their messages sit on the right; their unread counts show. */
  userId: number;
  chats: ChatDto[];
  listLoading?: boolean;
  listError?: boolean;
  onReloadList?: () => void;
  hasMoreChats?: boolean;
  onLoadMoreChats?: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** The open chat, or null (nothing chosen, or `notFound`). */
  chat: ChatDto | null;
  /** The address named a chat the user cannot see. */
  notFound?: boolean;
  messages: ChatMessageDto[];
  messagesLoading?: boolean;
  hasOlderMessages?: boolean;
  onLoadOlderMessages?: () => void;
  onOpenChat: (chat: ChatDto) => void;
  onNewChat: () => void;
  /** Shown only to the open chat's owner. */
  onEditChat: () => void;
  onDeleteChat: () => void;
  /** Sends the (trimmed, non-blank) text; the composer clears when it resolves. */
  onSend: (message: string) => Promise<void> | void;
  /** Narrow screens: tabs 'Chats' and 'Mensagens' instead of the two columns side by side. */
  narrow?: boolean;
  /** The title's heading level. Default 1. */
  headingLevel?: 1 | 2;
}

function formatTime(iso: string, locale: string, withDate: boolean): string {
  const d = new Date(iso);
  return withDate
    ? d.toLocaleString(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })
    : d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}
const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();
const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es' } as const;

/**
 * The internal chat page (spec back-office "Chats page", §4 Chat, §9), presentational. The list (title, last
 * message, the user's unread badge, time) and the open chat's messages side by side on wide screens; on narrow ones
 * the tabs 'Chats' and 'Mensagens' (opening a chat shows its messages). Own messages on the right, the others with
 * their sender's name. Older messages load when the panel is scrolled under 600 px from its top; the panel keeps
 * its place when they arrive and follows the newest message when it was at the bottom. Composer: Enter sends,
 * Shift+Enter breaks the line, blank text (after trimming) is not sent. Edit and delete show only to the owner.
 * Not shown in the spec, decided here: a search over titles, empty states for no chats / no chat open / no
 * messages / a chat one cannot see, and the member count under the title.
 */
export function ChatsView(props: ChatsViewProps) {
  const { chat, narrow = false, headingLevel = 1 } = props;
  const t = useT(internalChatTexts);
  const [tab, setTab] = useState<'chats' | 'messages'>(chat ? 'messages' : 'chats');
  // Opening another chat on a narrow screen shows its messages.
  const [shownId, setShownId] = useState(chat?.id);
  if (shownId !== chat?.id) {
    setShownId(chat?.id);
    if (chat) setTab('messages');
  }
  const Heading = `h${headingLevel}` as 'h1';

  const header = (
    <div className="atd-ChatsView-header">
      <Heading className="atd-ChatsView-title">{t('internalChat.title')}</Heading>
      <Button onPress={props.onNewChat}>{t('internalChat.new')}</Button>
    </div>
  );
  // Choosing a chat on a narrow screen shows its messages, the open one included.
  const list = (
    <ChatList
      {...props}
      onOpenChat={(c) => {
        setTab('messages');
        props.onOpenChat(c);
      }}
    />
  );
  const panel = <ChatPanel {...props} />;

  if (narrow) {
    return (
      <section className="atd-ChatsView" data-narrow="">
        {header}
        <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as 'chats' | 'messages')} className="atd-ChatsView-tabs">
          <TabList aria-label={t('internalChat.title')}>
            <Tab id="chats">{t('internalChat.tab.chats')}</Tab>
            <Tab id="messages">{t('internalChat.tab.messages')}</Tab>
          </TabList>
          <TabPanel id="chats" className="atd-ChatsView-tabPanel">
            {list}
          </TabPanel>
          <TabPanel id="messages" className="atd-ChatsView-tabPanel">
            {panel}
          </TabPanel>
        </Tabs>
      </section>
    );
  }
  return (
    <section className="atd-ChatsView">
      {header}
      <div className="atd-ChatsView-columns">
        {list}
        {panel}
      </div>
    </section>
  );
}

function ChatList({
  userId,
  chats,
  chat,
  search,
  onSearchChange,
  listLoading,
  listError,
  onReloadList,
  hasMoreChats,
  onLoadMoreChats,
  onOpenChat,
}: ChatsViewProps) {
  const t = useT(internalChatTexts);
  const locale = LOCALE_TAGS[useLocale()];
  const onScroll = (el: HTMLElement) => {
    if (hasMoreChats && !listLoading && el.scrollHeight - el.scrollTop - el.clientHeight < LIST_THRESHOLD_PX) onLoadMoreChats?.();
  };
  let body: ReactNode;
  if (listError)
    body = (
      <EmptyState
        icon="info"
        title={t('internalChat.loadError')}
        action={
          onReloadList && (
            <Button variant="secondary" onPress={onReloadList}>
              {t('internalChat.retry')}
            </Button>
          )
        }
      />
    );
  else if (listLoading && chats.length === 0) body = <Spinner className="atd-ChatsView-spinner" showLabel />;
  else if (chats.length === 0)
    body = search.trim() ? (
      <p className="atd-ChatsView-note">{t('internalChat.noResults')}</p>
    ) : (
      <EmptyState title={t('internalChat.empty.title')} description={t('internalChat.empty.description')} />
    );
  else
    body = (
      <ul className="atd-ChatsView-list" aria-label={t('internalChat.list')} onScroll={(e) => onScroll(e.currentTarget)}>
        {chats.map((c) => {
          const unread = unreadsOf(c, userId);
          return (
            <li key={c.id}>
              <AriaButton
                className="atd-ChatsView-item"
                data-current={c.id === chat?.id ? '' : undefined}
                aria-current={c.id === chat?.id ? 'true' : undefined}
                onPress={() => onOpenChat(c)}
              >
                <span className="atd-ChatsView-itemText">
                  <span className="atd-ChatsView-itemTitle">{c.title}</span>
                  {c.lastMessage && <span className="atd-ChatsView-itemLast">{plainWhatsAppText(c.lastMessage)}</span>}
                </span>
                <span className="atd-ChatsView-itemMeta">
                  <time dateTime={c.updatedAt}>{formatTime(c.updatedAt, locale, !isToday(c.updatedAt))}</time>
                  {unread > 0 && <Badge count={unread} variant="success" label={t('internalChat.unread', { count: unread })} />}
                </span>
              </AriaButton>
            </li>
          );
        })}
        {hasMoreChats && listLoading && (
          <li>
            <Spinner className="atd-ChatsView-spinner" />
          </li>
        )}
      </ul>
    );
  return (
    <div className="atd-ChatsView-listPane">
      <TextField
        label={t('internalChat.search')}
        placeholder={t('internalChat.search')}
        value={search}
        onChange={onSearchChange}
        type="search"
        className="atd-ChatsView-search"
      />
      {body}
    </div>
  );
}

function ChatPanel({
  userId,
  chat,
  notFound,
  messages,
  messagesLoading,
  hasOlderMessages,
  onLoadOlderMessages,
  onEditChat,
  onDeleteChat,
  onSend,
}: ChatsViewProps) {
  const t = useT(internalChatTexts);
  const locale = LOCALE_TAGS[useLocale()];
  const scroller = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // Where the panel was before the messages changed: keeps the place when older ones arrive, follows new ones.
  const before = useRef<{ chatId?: number; first?: number; last?: number; height: number; atBottom: boolean }>({ height: 0, atBottom: true });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = before.current;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1]?.id;
    if (prev.chatId !== chat?.id) el.scrollTop = el.scrollHeight;
    else if (first !== prev.first && last === prev.last) el.scrollTop += el.scrollHeight - prev.height;
    else if (last !== prev.last && (prev.atBottom || messages[messages.length - 1]?.senderId === userId)) el.scrollTop = el.scrollHeight;
    before.current = { chatId: chat?.id, first, last, height: el.scrollHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 40 };
  }, [messages, chat?.id, userId]);
  // A panel whose messages do not reach 600 px above what is shown (short messages, a tall screen) cannot be scrolled
  // there: it reads older pages until they do, or until none is left.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasOlderMessages && !messagesLoading && el.scrollTop < OLDER_MESSAGES_THRESHOLD_PX) onLoadOlderMessages?.();
  });

  if (!chat)
    return (
      <div className="atd-ChatsView-panel" data-empty="">
        {notFound ? (
          <EmptyState icon="info" title={t('internalChat.notFound')} />
        ) : (
          <EmptyState title={t('internalChat.pick.title')} description={t('internalChat.pick.description')} />
        )}
      </div>
    );

  const onScroll = (el: HTMLDivElement) => {
    before.current = { ...before.current, height: el.scrollHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 40 };
    if (hasOlderMessages && !messagesLoading && el.scrollTop < OLDER_MESSAGES_THRESHOLD_PX) onLoadOlderMessages?.();
  };
  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      await onSend(message);
      setText('');
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  const isOwner = chat.ownerId === userId;

  return (
    <div className="atd-ChatsView-panel">
      <div className="atd-ChatsView-panelHeader">
        <div className="atd-ChatsView-panelTitle">
          <h2>{chat.title}</h2>
          <span title={chat.users.map((u) => u.user.name).join(', ')}>{t('internalChat.members', { count: chat.users.length })}</span>
        </div>
        {isOwner && (
          <div className="atd-ChatsView-actions">
            <IconButton icon="edit" aria-label={t('internalChat.edit')} onPress={onEditChat} />
            <IconButton icon="delete" variant="danger" aria-label={t('internalChat.delete')} onPress={onDeleteChat} />
          </div>
        )}
      </div>
      {/* A scrolling log: focusable so that the keyboard scrolls it (and reaches older messages). */}
      <div
        ref={scroller}
        className="atd-ChatsView-messages"
        role="log"
        aria-label={t('internalChat.messages', { title: chat.title })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={(e) => onScroll(e.currentTarget)}
      >
        {messagesLoading && (
          <div className="atd-ChatsView-note" role="status">
            {hasOlderMessages ? t('internalChat.loadingOlder') : <Spinner />}
          </div>
        )}
        {!messagesLoading && messages.length === 0 && <p className="atd-ChatsView-note">{t('internalChat.noMessages')}</p>}
        {messages.map((m) => {
          const own = m.senderId === userId;
          return (
            <div key={m.id} className="atd-ChatsView-message" data-own={own ? '' : undefined}>
              {!own && <span className="atd-ChatsView-sender">{m.sender?.name ?? t('internalChat.removedUser')}</span>}
              <p className="atd-ChatsView-text">
                <FormattedText text={m.message} />
              </p>
              <time className="atd-ChatsView-time" dateTime={m.createdAt}>
                {formatTime(m.createdAt, locale, !isToday(m.createdAt))}
              </time>
            </div>
          );
        })}
      </div>
      <div className="atd-ChatsView-composer">
        <textarea
          className="atd-ChatsView-input"
          aria-label={t('internalChat.composer')}
          placeholder={t('internalChat.composer.placeholder')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          rows={2}
          aria-keyshortcuts="Enter Shift+Enter"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onPress={() => void send()} isDisabled={!text.trim()} isPending={sending}>
          {t('internalChat.send')}
        </Button>
      </div>
    </div>
  );
}
