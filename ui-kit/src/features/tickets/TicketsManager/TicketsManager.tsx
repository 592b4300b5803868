import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { openChatAtSearch } from '../../chat/TicketChat/chat-search';
import { useTickets } from '../data/tickets';
import { useAllUsers } from '../../admin/users/data/users';
import { useAllTags } from '../../kanban/data/tags';
import type { TicketListRoute } from '../../../data/query-keys';
import { useT } from '../../../i18n';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { useSession } from '../../../provider/context';
import { TicketList, ticketListFilters, type TicketListFilters } from '../TicketList/TicketList';
import { showGroupsTab, type Ticket } from '../ticket-rules';
import { can, canCreateTicket } from '../../../provider/session-rules';
import { TicketsManagerView, type ManagerList, type ManagerSubTab, type ManagerTab } from '../TicketsManagerView/TicketsManagerView';
import { useDebounced } from '../../../primitives/use-debounced';
import { useCompanySettings } from '../../../provider/company-settings';

/** Shown on demand: its form (react-hook-form, the contact and connection pickers) loads when 'Novo' is pressed. */
const NewTicketModal = lazy(() => import('../NewTicketModal/NewTicketModal').then((m) => ({ default: m.NewTicketModal })));

export interface TicketsManagerProps {
  /** The ticket shown beside the list (highlighted). */
  selectedTicketUuid?: string;
  /** A ticket was opened (click or Enter), accepted or reopened: show it. */
  onSelectTicket: (ticket: Ticket) => void;
  /** A ticket was created in the new-ticket modal (default: onSelectTicket). */
  onTicketCreated?: (ticket: Ticket) => void;
}

/**
 * The ticket manager (spec §2): open, groups (setting groupsTab), closed and search tabs; assigned and pending
 * sub-tabs with their counts; the new-ticket button, the show-all switch and the queue filter; the search box,
 * tag filter and, for who sees all tickets, the user filter. Navigation is the caller's (onSelectTicket).
 */
export function TicketsManager({ selectedTicketUuid, onSelectTicket, onTicketCreated }: TicketsManagerProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const settings = useCompanySettings();
  const seesAll = can(user ?? undefined, 'tickets-manager:showall');
  const groupsTab = showGroupsTab(settings);
  const myQueues = useMemo(() => user?.queues ?? [], [user]);

  const [tab, setTab] = useState<ManagerTab>('open');
  const [subTab, setSubTab] = useState<ManagerSubTab>('open');
  const [showAll, setShowAll] = useState(seesAll);
  const [queueIds, setQueueIds] = useState<number[]>(() => myQueues.map((q) => q.id));
  const [withoutQueue, setWithoutQueue] = useState(true);
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const searchParam = useDebounced(search, SEARCH_DEBOUNCE_MS);

  const activeTab: ManagerTab = tab === 'groups' && !groupsTab ? 'open' : tab;
  const tags = useAllTags({ enabled: activeTab === 'search' });
  const users = useAllUsers({ enabled: activeTab === 'search' && seesAll });

  const filtersOf = (list: Pick<ManagerList, 'tab'>): TicketListFilters => {
    const base = { queueIds };
    switch (list.tab) {
      case 'open':
      case 'groups':
        return { ...base, showAll: seesAll ? showAll : undefined };
      case 'closed':
        return { ...base, showAll: true };
      case 'search':
        return { ...base, showAll: true, searchParam, tags: tagIds, users: seesAll ? userIds : undefined };
    }
  };

  // The badges: the open and pending lists of the open (or groups) tab, the same queries their lists read.
  const countRoute: TicketListRoute = activeTab === 'groups' ? 'groups' : 'tickets';
  const withSubTabs = activeTab === 'open' || activeTab === 'groups';
  const openList = useTickets(ticketListFilters('open', filtersOf({ tab: activeTab })), { route: countRoute, enabled: withSubTabs });
  const pendingList = useTickets(ticketListFilters('pending', filtersOf({ tab: activeTab })), { route: countRoute, enabled: withSubTabs });
  const countOf = (list: typeof openList) => {
    if (!list.data) return 0;
    return withoutQueue ? list.data.count : list.data.items.filter((ticket) => ticket.queueId != null).length;
  };

  // A ticket accepted from the pending list, or reopened from the closed one, is followed to the list it now belongs
  // to (spec §4: after a transition to open, that ticket is the current one).
  const showOpen = () => {
    setTab('open');
    setSubTab('open');
  };
  const follow = (ticket: Ticket) => {
    if (ticket.status === 'open' && ((tab === 'open' && subTab === 'pending') || tab === 'closed')) showOpen();
    onSelectTicket(ticket);
  };

  // A ticket found by the search tab opens at the newest message holding the text (when a message matched).
  const openAtSearch = (ticket: Ticket) => {
    if (searchParam.trim()) openChatAtSearch(queryClient, ticket.uuid, searchParam);
    follow(ticket);
  };

  return (
    <>
      <TicketsManagerView
        tab={activeTab}
        onTabChange={setTab}
        subTab={subTab}
        onSubTabChange={setSubTab}
        showGroupsTab={groupsTab}
        counts={{ open: countOf(openList), pending: countOf(pendingList) }}
        canCreateTicket={canCreateTicket(user ?? undefined)}
        onNewTicket={() => setCreating(true)}
        canShowAll={seesAll}
        showAll={showAll}
        onShowAllChange={setShowAll}
        queues={myQueues}
        selectedQueueIds={queueIds}
        withoutQueue={withoutQueue}
        onQueuesChange={(ids, without) => {
          setQueueIds(ids);
          setWithoutQueue(without);
        }}
        search={search}
        onSearchChange={setSearch}
        tags={tags.data ?? []}
        selectedTagIds={tagIds}
        onTagsChange={setTagIds}
        users={seesAll ? (users.data ?? []) : undefined}
        selectedUserIds={userIds}
        onUsersChange={setUserIds}
        renderList={(list) => (
          <TicketList
            status={list.status}
            route={list.route}
            filters={filtersOf(list)}
            withoutQueue={withoutQueue}
            selectedTicketUuid={selectedTicketUuid}
            onSelectTicket={list.tab === 'search' ? openAtSearch : follow}
            aria-label={t('tickets.list.label')}
          />
        )}
      />
      {creating && (
        <Suspense fallback={null}>
          <NewTicketModal
            isOpen={creating}
            onOpenChange={setCreating}
            onCreated={(ticket) => {
              setCreating(false);
              showOpen();
              (onTicketCreated ?? onSelectTicket)(ticket);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
