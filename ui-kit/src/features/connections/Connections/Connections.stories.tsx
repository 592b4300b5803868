import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Schema } from '../../../client';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleConnections, sampleQueues } from '../story-data';
import { Connections } from './Connections';

/** The fake API: the sample connections (one in each status) and the queues of the modal. */
const routes = { 'GET /whatsapp': () => sampleConnections, 'GET /queue': () => sampleQueues };

/** An admin of the connections page: add, the session buttons, edit, delete and the API token. */
const ADMIN: Schema<'Permission'>[] = [
  'session:self',
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
];

const meta = {
  title: 'Connections/Connections',
  component: Connections,
  args: { onOpenMessagesApi: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ permissions: ADMIN }}>
      <div style={{ padding: 16 }}>
        <Connections {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Connections>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: every button of the page. */
export const Connected: Story = {};
/** A plain attendant (no connections-page permission): the list only. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <Connections {...args} />
      </div>
    </StoryProvider>
  ),
};
