import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { TicketsBellList } from './TicketsBell';

const meta = {
  title: 'Notifications/TicketsBell',
  component: TicketsBellList,
  args: {
    onOpenTicket: fn(),
    tickets: [
      ticketDto({
        id: 1,
        uuid: 'a',
        unreadMessages: 3,
        lastMessage: 'Bom dia, preciso de ajuda com meu pedido',
        contact: contactDto({ id: 1, name: 'Maria Souza' }),
      }),
      ticketDto({ id: 2, uuid: 'b', unreadMessages: 120, lastMessage: 'Alô?', contact: contactDto({ id: 2, name: 'João Pereira da Silva Santos Oliveira' }) }),
    ],
  },
} satisfies Meta<typeof TicketsBellList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithUnreadTickets: Story = {};
export const Empty: Story = { args: { tickets: [] } };
export const Loading: Story = { args: { tickets: [], loading: true } };
