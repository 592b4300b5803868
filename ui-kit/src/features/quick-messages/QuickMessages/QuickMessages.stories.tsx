import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleQuickMessages } from '../story-data';
import { QuickMessages } from './QuickMessages';

const routes = {
  'GET /quick-messages': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const records = sampleQuickMessages.filter((q) => q.shortcode.includes(term) || q.message.toLowerCase().includes(term));
    return { records, count: records.length, hasMore: false };
  },
  'GET /quick-messages/list': () => sampleQuickMessages,
};

const meta = {
  title: 'QuickMessages/QuickMessages',
  component: QuickMessages,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes}>
      <div style={{ padding: 16 }}>
        <QuickMessages {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof QuickMessages>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as a manager (tickets-manager:showall) on a fake API. */
export const Connected: Story = {};
/** A plain attendant (user 7): shared ones of others are read-only. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <QuickMessages {...args} />
      </div>
    </StoryProvider>
  ),
};
