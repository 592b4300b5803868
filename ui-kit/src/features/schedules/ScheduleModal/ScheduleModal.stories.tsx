import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { scheduleDto, searchStoryContacts, storyContacts } from '../story-data';
import { ScheduleModal } from './ScheduleModal';

const meta = {
  title: 'Schedules/ScheduleModal',
  component: ScheduleModal,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSave: fn(async () => undefined),
    loadContacts: async (query: string) => searchStoryContacts(query),
    now: new Date(2026, 11, 8, 9, 30),
  },
} satisfies Meta<typeof ScheduleModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding one: the send time an hour ahead, no contact yet. */
export const Add: Story = {};
/** From a contact or a ticket: the contact already chosen. */
export const AddForContact: Story = { args: { contact: storyContacts[1] } };
export const EditWithImage: Story = {
  args: { schedule: scheduleDto({ mediaName: 'promo-natal.png', mediaPath: 'sc1-0123456789abcdef.png' }) },
};
/** Not sent (no connection): the reason, and a save puts it back to pending. */
export const EditInError: Story = {
  args: { schedule: scheduleDto({ status: 'ERRO', error: 'Nenhuma conexão do WhatsApp disponível para enviar' }) },
};
/** Sent: shown without a save. */
export const Sent: Story = {
  args: { schedule: scheduleDto({ status: 'ENVIADA', sentAt: '2026-12-08T13:00:02.000Z', ticketId: 3, messageId: '9' }) },
};
