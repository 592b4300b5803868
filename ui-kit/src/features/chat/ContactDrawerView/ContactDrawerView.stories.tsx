import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TicketNotesView } from '../TicketNotesView/TicketNotesView';
import { ContactDrawerView } from './ContactDrawerView';

const AT = '2026-03-05T14:30:00.000Z';

const meta = {
  title: 'Chat/ContactDrawer',
  component: ContactDrawerView,
  args: {
    isOpen: true,
    onClose: fn(),
    onSave: fn(),
    contact: {
      id: 1,
      companyId: 3,
      name: 'Maria Souza',
      number: '5511999990001',
      email: 'maria@example.com',
      isGroup: false,
      profilePicUrl: null,
      extraInfo: [
        { id: 1, name: 'CPF', value: '123.456.789-00' },
        { id: 2, name: 'Cliente desde', value: '2021' },
      ],
      createdAt: AT,
      updatedAt: AT,
    },
    notes: (
      <TicketNotesView
        notes={[{ id: 1, note: 'Cliente prefere contato à tarde.', ticketId: 100, contactId: 1, user: { id: 7, name: 'Ana' }, createdAt: AT }]}
        onAdd={fn()}
        onDelete={fn()}
      />
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', height: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactDrawerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const WithoutEmailOrExtraInfo: Story = {
  args: { contact: { ...meta.args.contact, email: '', extraInfo: [], name: 'Contato sem e-mail' } },
};
