import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleHelps } from '../story-data';
import { HelpVideoDialog } from './HelpVideoDialog';

const meta = {
  title: 'Admin/Helps/HelpVideoDialog',
  component: HelpVideoDialog,
  args: { help: sampleHelps[2], onClose: fn() },
} satisfies Meta<typeof HelpVideoDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The player (YouTube's no-cookie embed) with the title and a long description. */
export const Playing: Story = {};
export const WithoutDescription: Story = { args: { help: sampleHelps[3] } };
