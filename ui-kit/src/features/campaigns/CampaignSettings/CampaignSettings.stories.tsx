import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleCampaignSettings } from '../files-and-settings-story-data';
import { CampaignSettings } from './CampaignSettings';

const routes = {
  'GET /campaign-settings': () => sampleCampaignSettings,
  'POST /campaign-settings': async (request: Request) => ({ ...sampleCampaignSettings, ...((await request.json()) as { settings: object }).settings }),
};
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'campaigns:manage' as const] };

const meta = {
  title: 'Campaigns/CampaignSettings',
  component: CampaignSettings,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <CampaignSettings {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof CampaignSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: saving answers the new settings. */
export const Connected: Story = {};
