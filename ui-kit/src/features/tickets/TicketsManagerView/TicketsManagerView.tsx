import type { ReactNode } from 'react';
import { Focusable, type Key } from 'react-aria-components';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { Switch } from '../../../primitives/Switch/Switch';
import { Tab, TabList, TabPanel, Tabs } from '../../../primitives/Tabs/LightTabs';
import { TextField } from '../../../primitives/TextField/TextField';
import { Tooltip } from '../../../primitives/Tooltip/Tooltip';
import type { TicketListRoute } from '../../../data/query-keys';
import type { TicketStatus } from '../TicketList/TicketList';
import { FilterPopover } from '../TicketsManager/FilterPopover';

export type ManagerTab = 'open' | 'groups' | 'closed' | 'search';
export type ManagerSubTab = 'open' | 'pending';

/** The value of the 'Sem fila' choice in the queue filter. */
export const NO_QUEUE = 'none';

/** Which list a panel shows: the manager renders it through `renderList`. */
export interface ManagerList {
  tab: ManagerTab;
  /** Undefined: every status (search). */
  status?: TicketStatus;
  route: TicketListRoute;
}

export interface NamedOption {
  id: number;
  name: string;
  color?: string;
}

export interface TicketsManagerViewProps {
  tab: ManagerTab;
  onTabChange: (tab: ManagerTab) => void;
  subTab: ManagerSubTab;
  onSubTabChange: (subTab: ManagerSubTab) => void;
  /** The groups tab (setting groupsTab). */
  showGroupsTab: boolean;
  /** The sub-tab badges of the open or groups tab. */
  counts: { open: number; pending: number };
  /** createTicket 'habilitado': else the button is disabled with a tooltip. */
  canCreateTicket: boolean;
  onNewTicket: () => void;
  /** `tickets-manager:showall`: the show-all switch. */
  canShowAll: boolean;
  showAll: boolean;
  onShowAllChange: (showAll: boolean) => void;
  /** The user's queues. */
  queues: NamedOption[];
  selectedQueueIds: number[];
  /** 'Sem fila' chosen: tickets without a queue are listed. */
  withoutQueue: boolean;
  onQueuesChange: (queueIds: number[], withoutQueue: boolean) => void;
  /** The search box text (the connected manager debounces it). */
  search: string;
  onSearchChange: (text: string) => void;
  tags: NamedOption[];
  selectedTagIds: number[];
  onTagsChange: (tagIds: number[]) => void;
  /** The user filter of the search tab: given only to who may see all tickets. */
  users?: NamedOption[];
  selectedUserIds?: number[];
  onUsersChange?: (userIds: number[]) => void;
  /** The list of a panel. */
  renderList: (list: ManagerList) => ReactNode;
}

const ids = (values: string[]) => values.filter((v) => v !== NO_QUEUE).map(Number);

/** The ticket manager's frame: tabs, sub-tabs with counts, header controls and search filters around the lists. */
export function TicketsManagerView(props: TicketsManagerViewProps) {
  const t = useT();
  const { tab, subTab, counts, renderList } = props;

  const subTabs = (route: TicketListRoute, tabKey: ManagerTab) => (
    <Tabs selectedKey={subTab} onSelectionChange={(key: Key) => props.onSubTabChange(key as ManagerSubTab)} className="atd-TicketsManager-subTabs">
      <TabList aria-label={t('tickets.subtabs.label')}>
        <Tab id="open" count={counts.open} countLabel={t('tickets.count', { count: counts.open })}>
          {t('tickets.subtab.open')}
        </Tab>
        <Tab id="pending" count={counts.pending} countLabel={t('tickets.count', { count: counts.pending })}>
          {t('tickets.subtab.pending')}
        </Tab>
      </TabList>
      <TabPanel id="open" className="atd-TicketsManager-panel">
        {renderList({ tab: tabKey, status: 'open', route })}
      </TabPanel>
      <TabPanel id="pending" className="atd-TicketsManager-panel">
        {renderList({ tab: tabKey, status: 'pending', route })}
      </TabPanel>
    </Tabs>
  );

  const queueValues = [...props.selectedQueueIds.map(String), ...(props.withoutQueue ? [NO_QUEUE] : [])];

  return (
    <section className="atd-TicketsManager" aria-label={t('tickets.manager.label')}>
      <div className="atd-TicketsManager-header">
        {props.canCreateTicket ? (
          <Button onPress={props.onNewTicket} className="atd-TicketsManager-new">
            <Icon name="add" />
            {t('tickets.new')}
          </Button>
        ) : (
          <Tooltip content={t('tickets.new.noPermission')} delay={0}>
            <Focusable>
              <span role="button" tabIndex={0} aria-disabled="true" className="atd-Button atd-TicketsManager-new" data-variant="primary" data-disabled="true">
                <Icon name="add" />
                {t('tickets.new')}
              </span>
            </Focusable>
          </Tooltip>
        )}
        {props.canShowAll && (
          <Switch isSelected={props.showAll} onChange={props.onShowAllChange} className="atd-TicketsManager-showAll">
            {t('tickets.showAll')}
          </Switch>
        )}
        <FilterPopover
          label={t('tickets.queues')}
          options={[...props.queues.map((q) => ({ value: String(q.id), label: q.name, color: q.color })), { value: NO_QUEUE, label: t('tickets.noQueue') }]}
          selected={queueValues}
          onChange={(values) => props.onQueuesChange(ids(values), values.includes(NO_QUEUE))}
        />
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key: Key) => props.onTabChange(key as ManagerTab)} className="atd-TicketsManager-tabs">
        <TabList aria-label={t('tickets.tabs.label')}>
          <Tab id="open">{t('tickets.tab.open')}</Tab>
          {props.showGroupsTab ? <Tab id="groups">{t('tickets.tab.groups')}</Tab> : null}
          <Tab id="closed">{t('tickets.tab.closed')}</Tab>
          <Tab id="search">{t('tickets.tab.search')}</Tab>
        </TabList>
        <TabPanel id="open" className="atd-TicketsManager-panel">
          {subTabs('tickets', 'open')}
        </TabPanel>
        {props.showGroupsTab ? (
          <TabPanel id="groups" className="atd-TicketsManager-panel">
            {subTabs('groups', 'groups')}
          </TabPanel>
        ) : null}
        <TabPanel id="closed" className="atd-TicketsManager-panel">
          {renderList({ tab: 'closed', status: 'closed', route: 'tickets' })}
        </TabPanel>
        <TabPanel id="search" className="atd-TicketsManager-panel">
          <div className="atd-TicketsManager-searchBar">
            <TextField
              label={t('tickets.search')}
              type="search"
              value={props.search}
              onChange={props.onSearchChange}
              placeholder={t('tickets.search')}
              className="atd-TicketsManager-search"
            />
            <div className="atd-TicketsManager-filters">
              <FilterPopover
                label={t('tickets.tags')}
                options={props.tags.map((tag) => ({ value: String(tag.id), label: tag.name, color: tag.color }))}
                selected={props.selectedTagIds.map(String)}
                onChange={(values) => props.onTagsChange(values.map(Number))}
              />
              {props.users && (
                <FilterPopover
                  label={t('tickets.users')}
                  options={props.users.map((user) => ({ value: String(user.id), label: user.name }))}
                  selected={(props.selectedUserIds ?? []).map(String)}
                  onChange={(values) => props.onUsersChange?.(values.map(Number))}
                />
              )}
            </div>
          </div>
          {renderList({ tab: 'search', route: 'tickets' })}
        </TabPanel>
      </Tabs>
    </section>
  );
}
