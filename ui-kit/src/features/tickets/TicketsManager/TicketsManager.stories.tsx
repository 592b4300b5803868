import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider, lookupRoutes, sampleTickets } from '../story-support';
import { TicketsManager } from './TicketsManager';

const byStatus = { open: sampleTickets(60, 'open'), pending: sampleTickets(5, 'pending'), closed: sampleTickets(15, 'closed') };
const list = (request: Request) => {
  const status = new URL(request.url).searchParams.get('status') as keyof typeof byStatus | null;
  const tickets = status ? byStatus[status] : byStatus.open.slice(0, 10);
  return { tickets, count: tickets.length, hasMore: false, counts: { open: byStatus.open.length, pending: byStatus.pending.length } };
};

/** The connected manager on a fake API (no socket), as a console page renders it. */
const meta = {
  title: 'Tickets/TicketsManager',
  component: TicketsManager,
  args: { onSelectTicket: fn(), onTicketCreated: fn(), selectedTicketUuid: byStatus.open[0].uuid },
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={{ ...lookupRoutes, 'GET /tickets': list, 'GET /tickets/groups': list }}
    >
      <div style={{ height: 720, maxWidth: 480, display: 'flex', flexDirection: 'column' }}>
        <TicketsManager {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof TicketsManager>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
