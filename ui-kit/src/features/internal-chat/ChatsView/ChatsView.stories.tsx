import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ME, sampleChats, sampleMessages } from '../story-data';
import { ChatsView } from './ChatsView';

const meta = {
  title: 'Internal chat/ChatsView',
  component: ChatsView,
  args: {
    userId: ME.id,
    chats: sampleChats,
    search: '',
    onSearchChange: fn(),
    chat: sampleChats[0],
    messages: sampleMessages,
    onOpenChat: fn(),
    onNewChat: fn(),
    onEditChat: fn(),
    onDeleteChat: fn(),
    onSend: fn(),
    onLoadOlderMessages: fn(),
    onLoadMoreChats: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ height: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's open chat: list and messages side by side, edit and delete shown. */
export const Wide: Story = {};
/** A chat of someone else: no edit or delete. */
export const NotOwner: Story = { args: { chat: sampleChats[1], messages: [] } };
export const Dark: Story = { globals: { theme: 'dark' } };
/** A phone: tabs 'Chats' and 'Mensagens'. */
export const Narrow: Story = {
  args: { narrow: true },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
export const NoChatOpen: Story = { args: { chat: null, messages: [] } };
export const NotFound: Story = { args: { chat: null, notFound: true, messages: [] } };
export const NoChats: Story = { args: { chats: [], chat: null, messages: [] } };
export const Loading: Story = { args: { chats: [], listLoading: true, chat: null, messages: [] } };
export const LoadFailed: Story = { args: { chats: [], listError: true, onReloadList: fn(), chat: null, messages: [] } };
