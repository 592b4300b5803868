import { measureElement, observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import { useLocale, useT } from '../../../i18n/locale-context';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { historyRows, LOAD_OLDER_DEBOUNCE_MS, LOAD_OLDER_THRESHOLD_PX, relativeDay, type HistoryRow, type Message } from '../message-format';
import { useHistoryKeyboard } from '../MessagesList/history-keyboard';
import { MessageBubble } from '../MessagesList/MessageBubble';

/** What the connected history (or a host) can ask of the view. */
export interface MessagesListHandle {
  /** Scrolls to a loaded message and answers true, or answers false when it is not loaded. */
  scrollToMessage: (messageId: string) => boolean;
}

export interface MessagesListViewProps {
  /** The ticket's messages, oldest first. */
  messages: Message[];
  /** Older pages exist: scrolling near the top asks for them. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Edit and delete offered for this message (canEditMessage). */
  canEdit: (message: Message) => boolean;
  /** Why edit and delete are not offered for a message (the official API's connections), or null. */
  editBlockedReason?: (message: Message) => string | null;
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** A quoted block was pressed. */
  onQuotedPress: (quotedId: string) => void;
  /** The message to mark briefly (after a jump). */
  highlightedId?: string | null;
  audioRate: number;
  onAudioRateChange: (rate: number) => void;
  /** "Today" for the day separators (now by default; stories and tests pin it). */
  now?: Date;
  handleRef?: Ref<MessagesListHandle>;
}

const ESTIMATE = { day: 40, ticket: 48, message: 72 } as const;

/** A history laid out before it has a size (a hidden tab, a host still sizing it) renders a screenful, not nothing. */
const UNSIZED: Rect = { width: 480, height: 640 };
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : UNSIZED));
}

function Separator({ row, now }: { row: Exclude<HistoryRow, { kind: 'message' }>; now: Date }) {
  const t = useT();
  const locale = useLocale();
  if (row.kind === 'day') {
    const relative = relativeDay(row.date, now);
    const label =
      relative === 'today'
        ? t('chat.today')
        : relative === 'yesterday'
          ? t('chat.yesterday')
          : new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(row.date);
    return (
      <div className="atd-History-day" role="separator" aria-label={label}>
        <span aria-hidden="true">{label}</span>
      </div>
    );
  }
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="atd-History-ticket" role="separator" aria-label={`${t('chat.ticketClosed', { id: row.closedId, date: format.format(row.closedAt) })}`}>
      <span aria-hidden="true">{t('chat.ticketClosed', { id: row.closedId, date: format.format(row.closedAt) })}</span>
      <span aria-hidden="true">{t('chat.ticketStarted', { id: row.startedId, date: format.format(row.startedAt) })}</span>
    </div>
  );
}

/**
 * The ticket's message history (presentational): day and ticket-change separators, the messages, and the
 * empty-chat placeholder. Virtualised (@tanstack/react-virtual, rows measured as they render), so a history of
 * thousands of messages renders only what is on screen. It opens at the bottom, keeps the reader at the bottom
 * when a message arrives there, keeps the reading position when older pages arrive above, and asks for older
 * pages when scrolled within 50 px of the top (debounced 500 ms).
 */
export function MessagesListView({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  canEdit,
  editBlockedReason,
  onReply,
  onEdit,
  onDelete,
  onQuotedPress,
  highlightedId,
  audioRate,
  onAudioRateChange,
  now: nowProp,
  handleRef,
}: MessagesListViewProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  // One Tab stop for the whole history; arrows inside (./history-keyboard.ts).
  const onHistoryKeyDown = useHistoryKeyboard(scroller);
  const rows = useMemo(() => historyRows(messages), [messages]);
  const now = useMemo(() => nowProp ?? new Date(), [nowProp]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read through its own methods, never memoised.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => ESTIMATE[rows[index].kind],
    getItemKey: (index) => rows[index].key,
    overscan: 8,
    observeElementRect: observeRect,
    // A row not laid out (the history hidden) keeps its estimate: sizes of 0 would let every row in at once.
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : ESTIMATE[rows[instance.indexFromElement(element)]?.kind ?? 'message'];
    },
    // Chat behaviour: older rows added above keep the visible ones in place; a new row below follows when at the bottom.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: LOAD_OLDER_THRESHOLD_PX,
    // Measurements land in the next render, not inside React's own commit.
    useFlushSync: false,
  });

  // Opens at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  // A message sent from here brings the reader down to it wherever they were.
  const lastKey = rows.at(-1)?.key;
  const lastFromMe = messages.at(-1)?.fromMe ?? false;
  const previousLast = useRef(lastKey);
  useEffect(() => {
    if (previousLast.current !== undefined && lastKey !== previousLast.current && lastFromMe) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    previousLast.current = lastKey;
  }, [lastKey, lastFromMe, rows.length, virtualizer]);

  // Older rows arriving above keep the reader's place. The virtualizer's own anchor takes the row at the scroll offset,
  // which at the very top is the day separator: it stays first when older messages of the same day arrive, so the
  // view would stay at offset 0, showing the oldest loaded rows with nothing left to scroll up to. The anchor here is
  // the first message row on screen, found again after the rows change.
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const rememberAnchor = () => {
    const element = scroller.current;
    if (!element) return;
    const top = element.scrollTop;
    const item = virtualizer.getVirtualItems().find((candidate) => candidate.end > top && rows[candidate.index]?.kind === 'message');
    anchor.current = item ? { key: String(item.key), delta: top - item.start } : null;
  };
  const firstMessageId = messages[0]?.id;
  const previousFirst = useRef(firstMessageId);
  useLayoutEffect(() => {
    const prepended = previousFirst.current !== undefined && firstMessageId !== previousFirst.current;
    previousFirst.current = firstMessageId;
    const kept = anchor.current;
    if (!prepended || !kept) return;
    const index = rows.findIndex((row) => row.key === kept.key);
    const offset = index >= 0 ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    if (offset !== undefined) virtualizer.scrollToOffset(offset + kept.delta);
  }, [firstMessageId, rows, virtualizer]);

  // Older pages: within 50 px of the top, debounced.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ hasOlder, loadingOlder, onLoadOlder });
  useEffect(() => {
    latest.current = { hasOlder, loadingOlder, onLoadOlder };
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const requestOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || element.scrollTop > LOAD_OLDER_THRESHOLD_PX || !latest.current.hasOlder) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { hasOlder: more, loadingOlder: busy, onLoadOlder: load } = latest.current;
      if (more && !busy && (scroller.current?.scrollTop ?? 0) <= LOAD_OLDER_THRESHOLD_PX) load();
    }, LOAD_OLDER_DEBOUNCE_MS);
  }, []);
  const onScroll = () => {
    rememberAnchor();
    requestOlder();
  };

  useImperativeHandle(
    handleRef,
    () => ({
      scrollToMessage: (messageId) => {
        const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === messageId);
        if (index < 0) return false;
        virtualizer.scrollToIndex(index, { align: 'center' });
        return true;
      },
    }),
    [rows, virtualizer],
  );

  if (rows.length === 0) {
    return (
      <div className="atd-History atd-History-empty">
        <p className="atd-History-placeholder">{t('chat.empty')}</p>
      </div>
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    // A scrollable region must take keyboard focus so the keyboard can scroll it (axe scrollable-region-focusable);
    // its keys move among the messages (the feed pattern).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={scroller}
      className="atd-History"
      role="log"
      aria-label={t('chat.history')}
      aria-keyshortcuts="ArrowUp ArrowDown Home End Enter Escape"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onHistoryKeyDown}
    >
      {loadingOlder && (
        <div className="atd-History-loadingOlder">
          <Spinner size="sm" label={t('chat.loadingOlder')} />
        </div>
      )}
      <div className="atd-History-canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div className="atd-History-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="atd-History-row">
                {row.kind === 'message' ? (
                  <MessageBubble
                    message={row.message}
                    canEdit={canEdit(row.message)}
                    editBlockedReason={editBlockedReason?.(row.message) ?? null}
                    onReply={onReply}
                    onEdit={onEdit}
                    onDelete={onDelete}
                    onQuotedPress={onQuotedPress}
                    audioRate={audioRate}
                    onAudioRateChange={onAudioRateChange}
                    highlighted={row.message.id === highlightedId}
                  />
                ) : (
                  <Separator row={row} now={now} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
