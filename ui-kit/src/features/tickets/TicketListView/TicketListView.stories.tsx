import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleTickets } from '../story-support';
import { TicketListView } from './TicketListView';

const meta = {
  title: 'Tickets/TicketListView',
  component: TicketListView,
  args: { tickets: sampleTickets(3000), settings: {}, onOpen: fn(), onAccept: fn(), onClose: fn(), onReopen: fn(), onLoadMore: fn() },
  decorators: [(Story) => <div style={{ height: 600, maxWidth: 420, display: 'flex', flexDirection: 'column' }}>{Story()}</div>],
} satisfies Meta<typeof TicketListView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThousandsOfTickets: Story = { args: { selectedTicketUuid: sampleTickets(2)[1].uuid } };
export const LoadingMore: Story = { args: { tickets: sampleTickets(20, 'pending'), hasMore: true, isFetchingMore: true } };
export const Loading: Story = { args: { tickets: [], isLoading: true } };
export const Empty: Story = { args: { tickets: [] } };
