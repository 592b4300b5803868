import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TicketListView } from '../TicketListView/TicketListView';
import { sampleQueues, sampleTickets } from '../story-support';
import { TicketsManagerView } from './TicketsManagerView';

const open = sampleTickets(40, 'open');
const pending = sampleTickets(6, 'pending');
const closed = sampleTickets(12, 'closed');

const meta = {
  title: 'Tickets/TicketsManagerView',
  component: TicketsManagerView,
  args: {
    tab: 'open',
    onTabChange: fn(),
    subTab: 'open',
    onSubTabChange: fn(),
    showGroupsTab: false,
    counts: { open: open.length, pending: pending.length },
    canCreateTicket: true,
    onNewTicket: fn(),
    canShowAll: true,
    showAll: true,
    onShowAllChange: fn(),
    queues: sampleQueues,
    selectedQueueIds: [1, 2],
    withoutQueue: true,
    onQueuesChange: fn(),
    search: '',
    onSearchChange: fn(),
    tags: [{ id: 1, name: 'VIP', color: '#E91E63' }],
    selectedTagIds: [],
    onTagsChange: fn(),
    users: [{ id: 8, name: 'Bruno' }],
    selectedUserIds: [],
    onUsersChange: fn(),
    renderList: ({ status }) => (
      <TicketListView
        tickets={status === 'pending' ? pending : status === 'closed' ? closed : open}
        settings={{}}
        selectedTicketUuid={open[1].uuid}
        onOpen={fn()}
        onAccept={fn()}
        onClose={fn()}
        onReopen={fn()}
      />
    ),
  },
  decorators: [(Story) => <div style={{ height: 720, maxWidth: 480, display: 'flex', flexDirection: 'column' }}>{Story()}</div>],
} satisfies Meta<typeof TicketsManagerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
export const Pending: Story = { args: { subTab: 'pending' } };
export const PlainUserWithoutCreate: Story = { args: { canCreateTicket: false, canShowAll: false, users: undefined } };
export const WithGroupsTab: Story = { args: { showGroupsTab: true, tab: 'groups' } };
export const Closed: Story = { args: { tab: 'closed' } };
export const Search: Story = { args: { tab: 'search', search: 'maria', selectedTagIds: [1] } };
export const Empty: Story = { args: { counts: { open: 0, pending: 0 }, renderList: () => <TicketListView tickets={[]} settings={{}} onOpen={fn()} /> } };
