import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { defaultSchedules } from '../../business-hours/business-hours';
import { CompanyHours } from '../CompanyHours/CompanyHours';
import { WhiteLabelSettings } from '../WhiteLabelSettings/WhiteLabelSettings';
import { Settings } from './Settings';

const SETTINGS = [
  { key: 'userRating', value: 'enabled' },
  { key: 'scheduleType', value: 'company' },
  { key: 'AutomaticDistribution', value: 'enabled' },
  { key: 'NumberOfTickets', value: '5' },
];

/** The fake API: the settings (scheduleType 'company': the Horários tab shows), the company's hours, empty holidays and helps. */
const routes = {
  'GET /settings': () => SETTINGS,
  'GET /companies/3': () => ({ id: 3, name: 'Empresa 3', schedules: defaultSchedules() }),
  'GET /holidays': () => ({ holidays: [], count: 0, hasMore: false }),
  'GET /helps': () => ({ records: [], count: 0, hasMore: false }),
};

const ADMIN: Partial<Schema<'SessionUserDto'>> = {
  companyId: 3,
  permissions: ['session:self', 'settings:read', 'settings:write', 'holidays:manage', 'company:read-own'],
  features: {
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    whiteLabel: true,
  },
};

const meta = {
  title: 'Admin/Settings/Settings',
  component: Settings,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <Settings {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Settings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An admin on a fake API: Opções first. */
export const Options: Story = {};
/** The company's hours (scheduleType 'company'). */
export const Hours: Story = { args: { defaultTab: 'hours' } };
/** The white label: presets, colours, app name, logos and the preview. */
export const WhiteLabel: Story = { args: { defaultTab: 'whiteLabel' } };
export const Distributor: Story = { args: { defaultTab: 'distributor' } };

/** The Horários tab on its own, as a host could mount it. */
export const CompanyHoursAlone: Story = {
  render: (_args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        {/* A host's own title: the tab itself starts with a spinner while the company's hours load. */}
        <h2>Horários</h2>
        <CompanyHours companyId={3} />
      </div>
    </StoryProvider>
  ),
};

/** The Whitelabel tab on its own. */
export const WhiteLabelAlone: Story = {
  render: (_args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <h2>Whitelabel</h2>
        <WhiteLabelSettings />
      </div>
    </StoryProvider>
  ),
};
