import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleCampaigns, sampleChoices } from '../campaign-story-data';
import { CampaignModal } from './CampaignModal';

const meta = {
  title: 'Campaigns/CampaignModal',
  component: CampaignModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => {}), ...sampleChoices },
} satisfies Meta<typeof CampaignModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new campaign: everything editable, tag and file lists 'Nenhuma'. */
export const Add: Story = {};
/** Scheduled more than an hour ahead, with confirmation: editable ('all'), confirmation messages shown. */
export const EditAll: Story = { args: { campaign: sampleCampaigns[0] } };
/** Cancelled ('messages'): only the messages change; Save stays. */
export const MessagesOnly: Story = { args: { campaign: sampleCampaigns[2] } };
/** Sending ('none'): read only, no Save. */
export const ReadOnly: Story = { args: { campaign: sampleCampaigns[1] } };
