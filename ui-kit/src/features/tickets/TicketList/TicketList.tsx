import { useMemo, useState } from 'react';
import type { Schema } from '../../../client';
import { useTickets } from '../../../data/queries';
import type { TicketFilters, TicketListRoute } from '../../../data/query-keys';
import { useSession } from '../../../provider/context';
import { TicketListView } from '../TicketListView/TicketListView';
import { settingsOf, type Ticket } from '../ticket-rules';
import { useTicketStatusActions } from '../use-ticket-status-actions';

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
  const { user } = useSession();
  const settings = useMemo(() => settingsOf(user ?? undefined), [user]);
  const query = useTickets(ticketListFilters(status, filters), { route });
  const actions = useTicketStatusActions();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());

  const all = query.data?.items;
  const tickets = useMemo(() => (withoutQueue || !all ? (all ?? []) : all.filter((ticket) => ticket.queueId != null)), [all, withoutQueue]);

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
      aria-label={ariaLabel}
    />
  );
}
