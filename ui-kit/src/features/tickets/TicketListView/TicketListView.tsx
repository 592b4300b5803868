import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { useT } from '../../../i18n';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TicketListItem } from '../TicketListItem/TicketListItem';
import type { Ticket } from '../ticket-rules';

/** Spec §9: the next page loads when the list is scrolled within 100 px of its end. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** A first guess of a row's height; each row is measured once shown. */
const ESTIMATED_ROW_PX = 96;
/** The height assumed for a list that reports none (not laid out yet, or no layout engine): a screenful of rows. */
const UNMEASURED_HEIGHT_PX = 800;

function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb({ width: rect.width, height: rect.height || UNMEASURED_HEIGHT_PX }));
}

export interface TicketListViewProps {
  tickets: Ticket[];
  settings: Record<string, string>;
  selectedTicketUuid?: string;
  /** The first page is on its way. */
  isLoading?: boolean;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  /** Asks for the next page (called near the end of the list while hasMore and not already fetching). */
  onLoadMore?: () => void;
  onOpen: (ticket: Ticket) => void;
  onAccept?: (ticket: Ticket) => void;
  onClose?: (ticket: Ticket) => void;
  onReopen?: (ticket: Ticket) => void;
  /** Tickets whose status change is on its way. */
  busyTicketIds?: ReadonlySet<number>;
  /** The user's own marks by ticket id (pinned, marked unread). */
  marks?: ReadonlyMap<number, { pinned: boolean; unread: boolean }>;
  onPin?: (ticket: Ticket, pinned: boolean) => void;
  onMarkUnread?: (ticket: Ticket) => void;
  /** The list's accessible name ('Lista de atendimentos' by default). */
  'aria-label'?: string;
  now?: Date;
}

/**
 * A ticket list that renders only the rows in view (thousands stay smooth) and asks for the next page when
 * scrolled near its end; loading and empty states.
 */
export function TicketListView({
  tickets,
  settings,
  selectedTicketUuid,
  isLoading = false,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  onOpen,
  onAccept,
  onClose,
  onReopen,
  busyTicketIds,
  marks,
  onPin,
  onMarkUnread,
  'aria-label': ariaLabel,
  now,
}: TicketListViewProps) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own state: this component is not memoized by the compiler, as TanStack documents.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    observeElementRect: observeRect,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => tickets[index].id,
    // A row not laid out (hidden panel, no layout engine) keeps the estimate instead of collapsing to 0.
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_ROW_PX,
    overscan: 6,
  });

  const loadMoreIfNearEnd = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasMore || isFetchingMore || isLoading || !onLoadMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX) onLoadMore();
  }, [hasMore, isFetchingMore, isLoading, onLoadMore]);

  // A page that does not fill the list asks for the next one without a scroll.
  useEffect(() => {
    loadMoreIfNearEnd();
  }, [loadMoreIfNearEnd, tickets.length]);

  const items = virtualizer.getVirtualItems();
  const empty = !isLoading && tickets.length === 0;

  return (
    <div className="atd-TicketListView" ref={scrollRef} onScroll={loadMoreIfNearEnd} data-loading={isLoading || undefined}>
      {isLoading && tickets.length === 0 ? (
        <div className="atd-TicketListView-status">
          <Spinner label={t('status.loading')} showLabel />
        </div>
      ) : empty ? (
        <EmptyState title={t('tickets.empty.title')} description={t('tickets.empty.description')} />
      ) : (
        <div role="list" aria-label={ariaLabel ?? t('tickets.list.label')} className="atd-TicketListView-rows" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((row) => {
            const ticket = tickets[row.index];
            return (
              <div
                key={row.key}
                role="listitem"
                aria-setsize={hasMore ? -1 : tickets.length}
                aria-posinset={row.index + 1}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="atd-TicketListView-row"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <TicketListItem
                  ticket={ticket}
                  settings={settings}
                  isSelected={ticket.uuid === selectedTicketUuid}
                  onOpen={onOpen}
                  onAccept={onAccept}
                  onClose={onClose}
                  onReopen={onReopen}
                  isBusy={busyTicketIds?.has(ticket.id)}
                  now={now}
                  mark={marks?.get(ticket.id)}
                  onPin={onPin}
                  onMarkUnread={onMarkUnread}
                />
              </div>
            );
          })}
        </div>
      )}
      {isFetchingMore && (
        <div className="atd-TicketListView-status">
          <Spinner size="sm" label={t('status.loadingMore')} showLabel />
        </div>
      )}
    </div>
  );
}
