import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleFileLists } from '../files-and-settings-story-data';
import { FileLists } from './FileLists';

const routes = {
  'GET /files': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const files = sampleFileLists.filter((f) => f.name.toLowerCase().includes(term) || f.message.toLowerCase().includes(term));
    return { files, count: files.length, hasMore: false };
  },
};
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'campaigns:manage' as const] };

const meta = {
  title: 'Campaigns/FileLists',
  component: FileLists,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <FileLists {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof FileLists>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API. */
export const Connected: Story = {};
/** An attendant: the page says who may use it. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <FileLists {...args} />
      </div>
    </StoryProvider>
  ),
};
