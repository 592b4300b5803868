import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleCampaigns, sampleChoices } from '../campaign-story-data';
import { Campaigns } from './Campaigns';

const routes = {
  'GET /campaigns': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const records = sampleCampaigns.filter((c) => c.name.toLowerCase().includes(term));
    return { records, count: records.length, hasMore: false };
  },
  'GET /whatsapp': () => sampleChoices.whatsapps,
  'GET /contact-lists/list': () => sampleChoices.contactLists.map((c) => ({ ...c, contactsCount: 3 })),
  'GET /tags/list': () => sampleChoices.tags,
  'GET /files': () => ({ files: sampleChoices.fileLists, count: 1, hasMore: false }),
  'GET /campaign-settings': () => ({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'empresa', value: 'Atende' }] }),
};
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'campaigns:manage' as const] };

const meta = {
  title: 'Campaigns/Campaigns',
  component: Campaigns,
  args: { reportHref: (c) => `/campaign/${c.id}/report` },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <Campaigns {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Campaigns>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API. */
export const Connected: Story = {};
