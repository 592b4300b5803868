import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '../data/campaign-settings';
import { sampleCampaignSettings } from '../files-and-settings-story-data';
import { CampaignSettingsView } from './CampaignSettingsView';

const meta = {
  title: 'Campaigns/CampaignSettingsView',
  component: CampaignSettingsView,
  args: { settings: sampleCampaignSettings, onSave: fn(async () => undefined) },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CampaignSettingsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Saved settings with two variables. */
export const Saved: Story = {};
/** A company that never saved: the spec's defaults, no variables. */
export const Defaults: Story = { args: { settings: CAMPAIGN_SETTINGS_DEFAULTS } };
export const NeverPauses: Story = { args: { settings: { ...sampleCampaignSettings, messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 300 } } };
export const Loading: Story = { args: { settings: undefined, isLoading: true } };
export const LoadFailed: Story = { args: { settings: undefined, isError: true, onReload: fn() } };
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
