import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { ME, SAMPLE_USERS, sampleChats, sampleMessages } from '../story-data';
import { Chats } from './Chats';

const routes: Record<string, (request: Request) => unknown> = {
  'GET /chats': () => ({ records: sampleChats, count: sampleChats.length, hasMore: false }),
  'GET /users/list': () => SAMPLE_USERS.map((u) => ({ ...u, email: `${u.id}@example.com`, profile: 'user', queues: [] })),
};
for (const chat of sampleChats) {
  routes[`GET /chats/${chat.id}/messages`] = () => {
    const records = sampleMessages.filter((m) => m.chatId === chat.id).reverse();
    return { records, count: records.length, hasMore: false };
  };
  routes[`POST /chats/${chat.id}/read`] = () => chat;
}
const USER = { id: ME.id, name: ME.name, features: { useInternalChat: true } as never };

const meta = {
  title: 'Internal chat/Chats',
  component: Chats,
  args: { chatUuid: sampleChats[0].uuid, onOpenChat: fn(), onNavigate: fn() },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={USER}>
      <div style={{ height: 560 }}>
        <Chats {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Chats>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in on a fake API with a chat open. */
export const Connected: Story = {};
export const NothingOpen: Story = { args: { chatUuid: undefined } };
