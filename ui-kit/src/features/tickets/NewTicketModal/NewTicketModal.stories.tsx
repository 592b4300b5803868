import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider, lookupRoutes } from '../story-support';
import { NewTicketModal } from './NewTicketModal';

const meta = {
  title: 'Tickets/NewTicketModal',
  component: NewTicketModal,
  args: { isOpen: true, onOpenChange: fn(), onCreated: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={lookupRoutes}>
      <NewTicketModal {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof NewTicketModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
export const PlainUser: Story = {
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={lookupRoutes}
      user={{ profile: 'user', permissions: ['session:self'], queues: [{ id: 1, name: 'Suporte', color: '#7C4DFF' }] }}
    >
      <NewTicketModal {...args} />
    </StoryProvider>
  ),
};
