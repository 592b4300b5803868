import { useMemo, useState } from 'react';
import type { Schema } from '../../../client';
import { useTicketMarks, useTickets, useUpdateTicketMark } from '../data/tickets';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ticketMembership } from '../../../data/cache-updaters';
import { ticketViewer } from '../../../data/cache-writes';
import { atendeKeys } from '../../../data/query-keys';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSession } from '../../../provider/context';
import { useToast } from '../../../primitives/Toast/Toast';
import type { TicketFilters, TicketListRoute } from '../../../data/query-keys';
import { TicketListView } from '../TicketListView/TicketListView';
import type { Ticket } from '../ticket-rules';
import { useTicketStatusActions } from '../use-ticket-status-actions';
import { useCompanySettings } from '../../../provider/company-settings';

export type TicketStatus = Schema<'TicketStatus'>;

/** What a ticket list is narrowed by (GET /tickets' filters, with plain booleans and id arrays). */
export interface TicketListFilters {
  /** Every ticket instead of one's own open ones (honoured with `tickets-manager:showall`). */
  showAll?: boolean;
  /** The queues chosen in the manager; tickets without a queue stay listed (see `withoutQueue`). */
  queueIds?: number[];
  searchParam?: string;
  /** Tag ids: a ticket must carry all of them. */
  tags?: number[];
  /** Assigned user ids. */
  users?: number[];
  /** Only groups (true), no groups (false), or as the settings say (undefined). */
  isGroup?: boolean;
  withUnreadMessages?: boolean;
}

const text = (flag: boolean | undefined) => (flag === undefined ? undefined : flag ? ('true' as const) : ('false' as const));

/** The data layer's filters (and so the query key) of a list: empty values left out, so equal lists share one query. */
export function ticketListFilters(status: TicketStatus | undefined, filters: TicketListFilters): TicketFilters {
  const out: TicketFilters = {};
  if (status) out.status = status;
  if (filters.showAll !== undefined) out.showAll = text(filters.showAll);
  if (filters.queueIds?.length) out.queueIds = [...filters.queueIds].sort((a, b) => a - b);
  const search = filters.searchParam?.trim();
  if (search) out.searchParam = search;
  if (filters.tags?.length) out.tags = [...filters.tags].sort((a, b) => a - b);
  if (filters.users?.length) out.users = [...filters.users].sort((a, b) => a - b);
  if (filters.isGroup !== undefined) out.isGroup = text(filters.isGroup);
  if (filters.withUnreadMessages) out.withUnreadMessages = 'true';
  return out;
}

export interface TicketListProps {
  /** pending, open or closed; none lists every status (the search tab). */
  status?: TicketStatus;
  filters?: TicketListFilters;
  /** `groups` reads GET /tickets/groups (the groups tab). */
  route?: TicketListRoute;
  selectedTicketUuid?: string;
  /** A click or Enter on a ticket that opens by click, and a ticket just accepted or reopened. */
  onSelectTicket: (ticket: Ticket) => void;
  /** false hides the tickets without a queue (the manager's 'Sem fila' choice). Default true. */
  withoutQueue?: boolean;
  'aria-label'?: string;
}

/**
 * A live ticket list (GET /tickets or /tickets/groups through useTickets): the realtime cache places, removes and
 * moves its tickets as events arrive. Accept and reopen select the ticket they changed; close leaves the list.
 */
export function TicketList({
  status,
  filters = {},
  route = 'tickets',
  selectedTicketUuid,
  onSelectTicket,
  withoutQueue = true,
  'aria-label': ariaLabel,
}: TicketListProps) {
  const settings = useCompanySettings();
  const { user } = useSession();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const listFilters = ticketListFilters(status, filters);
  const query = useTickets(listFilters, { route });
  const actions = useTicketStatusActions();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const marksQuery = useTicketMarks({ enabled: user !== null });
  const updateMark = useUpdateTicketMark();

  const marks = useMemo(() => new Map((marksQuery.data ?? []).map((m) => [m.ticketId, m])), [marksQuery.data]);
  const all = query.data?.items;
  // Pinned tickets the loaded pages do not hold yet are read one by one, and join the list when they belong in it.
  const loadedIds = useMemo(() => new Set((all ?? []).map((ticket) => ticket.id)), [all]);
  const missingPins = (marksQuery.data ?? []).filter((m) => m.pinned && !loadedIds.has(m.ticketId)).map((m) => m.ticketId);
  const pinnedDetails = useQueries({
    queries: missingPins.map((id) => ({
      queryKey: atendeKeys.tickets.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(client.GET('/tickets/{id}', { params: { path: { id } }, signal })),
      enabled: query.isSuccess,
      retry: false,
      staleTime: 30_000,
    })),
  });
  const extraPinned = pinnedDetails.flatMap((result) => {
    const ticket = result.data;
    if (!ticket || !user) return [];
    return ticketMembership(ticket, { route, filters: listFilters }, ticketViewer(queryClient, user)) === 'in' ? [ticket] : [];
  });
  const extraKey = extraPinned.map((ticket) => `${ticket.id}:${ticket.updatedAt}:${ticket.status}`).join(',');

  const tickets = useMemo(() => {
    const merged = [...(all ?? []), ...extraPinned];
    const shown = withoutQueue ? merged : merged.filter((ticket) => ticket.queueId != null);
    // Pins first, the newest pin on top; the rest keep the API's order.
    const pinAt = (ticket: Ticket) => {
      const mark = marks.get(ticket.id);
      return mark?.pinned && mark.pinnedAt ? Date.parse(mark.pinnedAt) : null;
    };
    const pinned = shown.filter((ticket) => pinAt(ticket) !== null).sort((a, b) => (pinAt(b) ?? 0) - (pinAt(a) ?? 0));
    return pinned.length ? [...pinned, ...shown.filter((ticket) => pinAt(ticket) === null)] : shown;
    // extraKey stands for extraPinned (a new array every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all, extraKey, withoutQueue, marks]);

  const mark = (ticket: Ticket, body: Schema<'UpdateTicketMarkDto'>) =>
    void updateMark.mutateAsync({ id: ticket.id, body }).catch((error: unknown) => toast.toastError(error));

  const act = (change: (ticket: Ticket) => Promise<Ticket | undefined>, select: boolean) => (ticket: Ticket) => {
    setBusy((ids) => new Set(ids).add(ticket.id));
    void change(ticket).then((updated) => {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(ticket.id);
        return next;
      });
      if (updated && select) onSelectTicket(updated);
    });
  };

  return (
    <TicketListView
      tickets={tickets}
      settings={settings}
      selectedTicketUuid={selectedTicketUuid}
      isLoading={query.isPending}
      hasMore={query.hasNextPage}
      isFetchingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      onOpen={onSelectTicket}
      onAccept={act(actions.accept, true)}
      onClose={act(actions.close, false)}
      onReopen={act(actions.reopen, true)}
      busyTicketIds={busy}
      marks={marks}
      onPin={(ticket, pinned) => mark(ticket, { pinned })}
      onMarkUnread={(ticket) => mark(ticket, { unread: true })}
      aria-label={ariaLabel}
    />
  );
}
