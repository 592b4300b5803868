import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleTickets } from '../story-support';
import { TicketListItem } from './TicketListItem';

const [open] = sampleTickets(1, 'open');
const [pending] = sampleTickets(1, 'pending');
const [closed] = sampleTickets(1, 'closed');

const meta = {
  title: 'Tickets/TicketListItem',
  component: TicketListItem,
  args: { ticket: open, settings: {}, onOpen: fn(), onAccept: fn(), onClose: fn(), onReopen: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TicketListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Selected: Story = { args: { isSelected: true } };
export const Pending: Story = { args: { ticket: pending } };
export const Closed: Story = { args: { ticket: closed } };
export const LongNameNoQueue: Story = {
  args: { ticket: { ...open, contact: { ...open.contact, name: 'Carlos Alberto de Oliveira Nogueira Filho' }, queue: null, queueId: null, tags: [] } },
};
export const GroupAsTicket: Story = {
  args: {
    ticket: { ...pending, isGroup: true, contact: { ...pending.contact, name: 'Equipe de vendas', isGroup: true } },
    settings: { groupsIsTeckets: 'enabled' },
  },
};
