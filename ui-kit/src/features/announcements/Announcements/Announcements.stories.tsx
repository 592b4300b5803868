import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleAnnouncements } from '../announcement-story-data';
import { Announcements } from './Announcements';

const routes = {
  'GET /announcements': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const records = sampleAnnouncements.filter((a) => a.title.toLowerCase().includes(term));
    return { records, count: records.length, hasMore: false };
  },
};
const SUPER = { profile: 'admin' as const, super: true, permissions: ['session:self' as const, 'announcements:manage' as const] };

const meta = {
  title: 'Announcements/Announcements',
  component: Announcements,
  args: { onNavigate: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={SUPER}>
      <div style={{ padding: 16 }}>
        <Announcements {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Announcements>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as a super user on a fake API. */
export const Connected: Story = {};
/** An admin of an ordinary company: the spec's toast, then onNavigate('/') a second later. */
export const OtherCompany: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'admin', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <Announcements {...args} />
      </div>
    </StoryProvider>
  ),
};
