import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { storyTicket } from '../story-data';
import { ChatHeaderView } from './ChatHeaderView';

const meta = {
  title: 'Chat/ChatHeaderView',
  component: ChatHeaderView,
  args: {
    ticket: storyTicket(),
    actions: { accept: false, returnToPending: true, close: true, reopen: false },
    canDelete: false,
    onAccept: fn(),
    onReturn: fn(),
    onClose: fn(),
    onReopen: fn(),
    onTransfer: fn(),
    onDelete: fn(),
    onToggleContact: fn(),
    contactOpen: false,
  },
} satisfies Meta<typeof ChatHeaderView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Pending: Story = {
  args: { ticket: storyTicket({ status: 'pending', userId: null, user: null }), actions: { accept: true, returnToPending: false, close: true, reopen: false } },
};
export const Closed: Story = {
  args: { ticket: storyTicket({ status: 'closed' }), actions: { accept: false, returnToPending: false, close: false, reopen: true } },
};
export const WithoutQueue: Story = { args: { ticket: storyTicket({ queueId: null, queue: null }) } };
/** An admin (ticket-options:deleteTicket) and a schedule modal available. */
export const AdminWithSchedule: Story = { args: { canDelete: true, onSchedule: fn() } };
export const Busy: Story = { args: { isPending: true } };
