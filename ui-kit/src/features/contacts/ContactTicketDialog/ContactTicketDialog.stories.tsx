import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContactTicketDialog } from './ContactTicketDialog';

const meta = {
  title: 'Contacts/ContactTicketDialog',
  component: ContactTicketDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    contact: { name: 'Maria Souza', number: '5511999990001' },
    queues: [
      { id: 1, name: 'Suporte' },
      { id: 2, name: 'Vendas' },
    ],
    requireQueue: false,
    connections: [{ id: 1, name: 'Comercial' }],
    onSubmit: fn(),
  },
} satisfies Meta<typeof ContactTicketDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
export const PlainUser: Story = { args: { requireQueue: true } };
export const OtherOpenTicket: Story = { args: { error: 'Já existe um tíquete aberto para este contato.' } };
export const Creating: Story = { args: { isPending: true } };
