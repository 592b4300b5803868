import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { reportDto } from '../campaign-story-data';
import { CampaignReport } from './CampaignReport';

const routes = { 'GET /campaigns/4': () => reportDto() };
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'campaigns:manage' as const] };

const meta = {
  title: 'Campaigns/CampaignReport',
  component: CampaignReport,
  args: { campaignId: 4, backHref: '/campaigns' },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <CampaignReport {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof CampaignReport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: a campaign sending. */
export const Connected: Story = {};
