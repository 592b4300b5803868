import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { apiSendResult } from '../story-data';
import { MessagesApi } from './MessagesApi';

/** The fake API accepts every send (the stories of ApiSendOutcome show the errors). */
const routes = { 'POST /messages/send': () => apiSendResult() };

const meta = {
  title: 'MessagesApi/MessagesApi',
  component: MessagesApi,
  args: { onOpenTicket: fn(), onOpenConnections: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes}>
      <div style={{ padding: 16 }}>
        <MessagesApi {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof MessagesApi>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API at http://api.story: the docs show that URL. */
export const Connected: Story = {};
