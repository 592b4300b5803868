import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ChatHeaderView } from '../ChatHeaderView/ChatHeaderView';
import { MessagesListView } from '../MessagesListView/MessagesListView';
import { showcase, storyTicket } from '../story-data';
import { TicketChatLayout } from './TicketChat';

const NOW = new Date(2026, 2, 10, 15, 0);

/** The conversation's layout with the presentational header and history (the connected TicketChat fills it from the API). */
const meta = {
  title: 'Chat/TicketChatLayout',
  component: TicketChatLayout,
  decorators: [
    (Story) => (
      <div style={{ height: 640, border: '1px solid var(--atd-border)' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    drawerOpen: false,
    header: (
      <ChatHeaderView
        ticket={storyTicket()}
        actions={{ accept: false, returnToPending: true, close: true, reopen: false }}
        canDelete
        onAccept={fn()}
        onReturn={fn()}
        onClose={fn()}
        onReopen={fn()}
        onTransfer={fn()}
        onDelete={fn()}
        onToggleContact={fn()}
        contactOpen={false}
      />
    ),
    history: (
      <MessagesListView
        messages={showcase(NOW)}
        now={NOW}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={fn()}
        canEdit={(m) => m.fromMe}
        onReply={fn()}
        onEdit={fn()}
        onDelete={fn()}
        onQuotedPress={fn()}
        audioRate={1}
        onAudioRateChange={fn()}
      />
    ),
    composer: <div style={{ padding: 'var(--atd-space-3)', borderTop: '1px solid var(--atd-border)', background: 'var(--atd-surface)' }}>Composer</div>,
    drawer: <div style={{ padding: 'var(--atd-space-4)' }}>Maria Souza · 5511999990001</div>,
  },
} satisfies Meta<typeof TicketChatLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithoutDrawer: Story = {};
export const WithContactDrawer: Story = { args: { drawerOpen: true } };
/** A narrow container: the drawer covers the chat. */
export const Narrow: Story = {
  args: { drawerOpen: true },
  decorators: [
    (Story) => (
      <div style={{ width: 420 }}>
        <Story />
      </div>
    ),
  ],
};
