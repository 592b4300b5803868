import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementModal } from './AnnouncementModal';

const meta = {
  title: 'Announcements/AnnouncementModal',
  component: AnnouncementModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof AnnouncementModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding: priority Baixa (3) and Ativo by default. */
export const Add: Story = {};
/** Editing a high-priority announcement with an image. */
export const EditWithImage: Story = { args: { announcement: sampleAnnouncements[0] } };
/** Editing an inactive one without an attachment. */
export const EditInactive: Story = { args: { announcement: sampleAnnouncements[2] } };
