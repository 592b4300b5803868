import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BRUNO, CARLA, sampleChats } from '../story-data';
import { ChatDialog } from './ChatDialog';

const meta = {
  title: 'Internal chat/ChatDialog',
  component: ChatDialog,
  args: { isOpen: true, onOpenChange: fn(), users: [BRUNO, CARLA], onSave: fn(async () => undefined) },
} satisfies Meta<typeof ChatDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};
/** The owner edits: title and members filled in. */
export const Edit: Story = { args: { chat: sampleChats[0] } };
export const NoOtherUsers: Story = { args: { users: [] } };
