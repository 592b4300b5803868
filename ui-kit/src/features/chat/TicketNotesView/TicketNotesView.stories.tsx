import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TicketNotesView, type TicketNote } from './TicketNotesView';

const note = (id: number, text: string, name: string | null, minutesAgo: number): TicketNote => ({
  id,
  note: text,
  ticketId: 100,
  contactId: 1,
  user: name ? { id: id, name } : null,
  createdAt: new Date(Date.UTC(2026, 2, 5, 14, 30) - minutesAgo * 60_000).toISOString(),
});

const meta = {
  title: 'Chat/TicketNotes',
  component: TicketNotesView,
  args: {
    onAdd: fn(),
    onDelete: fn(),
    notes: [
      note(4, 'Cliente prefere contato à tarde.', 'Ana Atendente', 5),
      note(3, 'Pedido 4512 entregue com atraso; ofereci cupom de 10%.', 'Bruno', 90),
      note(2, 'Pediu segunda via do boleto.', null, 600),
      note(1, 'Primeiro contato pelo site.', 'Ana Atendente', 3000),
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ width: 296 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TicketNotesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list stops at 200 px and scrolls. */
export const WithNotes: Story = {};
export const Empty: Story = { args: { notes: [] } };
export const Loading: Story = { args: { notes: undefined } };
