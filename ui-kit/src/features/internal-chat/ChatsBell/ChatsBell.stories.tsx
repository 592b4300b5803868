import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ME, sampleChats } from '../story-data';
import { ChatsBellList } from './ChatsBell';

const meta = {
  title: 'Internal chat/ChatsBell',
  component: ChatsBellList,
  args: { chats: [sampleChats[0]], userId: ME.id, onOpenChat: fn() },
} satisfies Meta<typeof ChatsBellList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithUnreadChats: Story = {};
export const Empty: Story = { args: { chats: [] } };
export const Loading: Story = { args: { chats: [], loading: true } };
