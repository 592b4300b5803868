import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleCampaigns } from '../campaign-story-data';
import { CampaignsView } from './CampaignsView';

const meta = {
  title: 'Campaigns/CampaignsView',
  component: CampaignsView,
  args: {
    items: sampleCampaigns,
    count: sampleCampaigns.length,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    onStop: fn(),
    onRestart: fn(),
    reportHref: (c) => `/campaign/${c.id}/report`,
    hasMore: false,
    isLoading: false,
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CampaignsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One campaign in each status: stop only while sending, restart only once cancelled. */
export const List: Story = {};
export const FirstLoad: Story = { args: { items: undefined, count: 0, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, count: 0, isError: true, onReload: fn() } };
/** A phone: each campaign is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
