import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider, lookupRoutes, sampleTickets } from '../story-support';
import { TransferTicketModal } from './TransferTicketModal';

const meta = {
  title: 'Tickets/TransferTicketModal',
  component: TransferTicketModal,
  args: { ticket: sampleTickets(1, 'open')[0], isOpen: true, onOpenChange: fn(), onTransferred: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={lookupRoutes}>
      <TransferTicketModal {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof TransferTicketModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
