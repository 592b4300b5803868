import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { reportDto } from '../campaign-story-data';
import { CampaignReportView } from './CampaignReportView';

const meta = {
  title: 'Campaigns/CampaignReportView',
  component: CampaignReportView,
  args: { report: reportDto(), backHref: '/campaigns' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CampaignReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sending: live counts, 37.5% delivered. */
export const Running: Story = {};
/** Finished: every valid contact got it. */
export const Finished: Story = {
  args: {
    report: reportDto(
      { valids: 120, delivered: 120, sent: 120, pending: 0, planned: 124, confirmationRequested: 120, confirmed: 87 },
      { status: 'FINALIZADA', completedAt: '2026-11-27T12:10:00.000Z' },
    ),
  },
};
/** Nobody valid yet: 0%. */
export const NoValids: Story = {
  args: { report: reportDto({ valids: 0, delivered: 0, planned: 0, pending: 0, sent: 0, failed: 0, skipped: 0 }, { status: 'INATIVA' }) },
};
export const Loading: Story = { args: { report: undefined, isLoading: true } };
export const LoadFailed: Story = { args: { report: undefined, isError: true, onReload: fn() } };
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
