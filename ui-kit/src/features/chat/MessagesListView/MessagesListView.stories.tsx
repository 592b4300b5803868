import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { showcase, storyMessage } from '../story-data';
import { MessagesListView } from './MessagesListView';

const NOW = new Date(2026, 2, 10, 15, 0);

const meta = {
  title: 'Chat/MessagesListView',
  component: MessagesListView,
  decorators: [
    (Story) => (
      <div style={{ height: 560, maxWidth: 720, border: '1px solid var(--atd-border)' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    messages: showcase(NOW),
    now: NOW,
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: fn(),
    canEdit: (message) => message.fromMe && !message.isDeleted,
    onReply: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onQuotedPress: fn(),
    audioRate: 1,
    onAudioRateChange: fn(),
  },
} satisfies Meta<typeof MessagesListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind of message: text, image, voice note, document, location, contact card, quoted, edited, deleted, acks. */
export const Showcase: Story = {};

export const Empty: Story = { args: { messages: [] } };

export const LoadingOlder: Story = { args: { hasOlder: true, loadingOlder: true } };

/** 5,000 messages: only the rows on screen are rendered. */
export const LongHistory: Story = {
  args: {
    messages: Array.from({ length: 5000 }, (_, i) =>
      storyMessage({
        id: String(i + 1),
        body:
          i % 7 === 0 ? `Mensagem ${i + 1}: um texto mais longo que ocupa duas ou três linhas para variar a altura das linhas da lista.` : `Mensagem ${i + 1}`,
        fromMe: i % 3 === 0,
        ack: 4,
        createdAt: new Date(NOW.getTime() - (5000 - i) * 15 * 60_000).toISOString(),
      }),
    ),
  },
};
