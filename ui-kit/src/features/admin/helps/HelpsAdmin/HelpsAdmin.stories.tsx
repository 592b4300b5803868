import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { sampleHelps } from '../story-data';
import { HelpsAdmin } from './HelpsAdmin';

const byTitle = [...sampleHelps].sort((a, b) => a.title.localeCompare(b.title));
const routes = {
  'GET /helps': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam')?.toLowerCase();
    const records = term ? byTitle.filter((h) => h.title.toLowerCase().includes(term)) : byTitle;
    return { records, count: records.length, hasMore: false };
  },
};
const SUPER: Schema<'Permission'>[] = ['session:self', 'helps:read', 'helps:manage'];

const meta = {
  title: 'Admin/Helps/HelpsAdmin',
  component: HelpsAdmin,
  args: { headingLevel: 3 },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ super: true, permissions: SUPER }}>
      <div style={{ padding: 16 }}>
        <HelpsAdmin {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof HelpsAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As the settings' 'Ajuda' tab mounts it (heading level 3), signed in as a super user on a fake API. */
export const InSettingsTab: Story = {};
