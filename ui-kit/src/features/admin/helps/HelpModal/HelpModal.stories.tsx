import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleHelps } from '../story-data';
import { HelpModal } from './HelpModal';

const meta = {
  title: 'Admin/Helps/HelpModal',
  component: HelpModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => {}) },
} satisfies Meta<typeof HelpModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new video: the thumbnail shows once the link reads as a YouTube video. */
export const Add: Story = {};
export const Edit: Story = { args: { help: sampleHelps[1] } };
