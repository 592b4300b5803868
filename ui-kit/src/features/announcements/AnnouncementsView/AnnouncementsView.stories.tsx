import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementsView } from './AnnouncementsView';

const meta = {
  title: 'Announcements/AnnouncementsView',
  component: AnnouncementsView,
  args: {
    items: sampleAnnouncements,
    count: sampleAnnouncements.length,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    hasMore: false,
    isLoading: false,
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AnnouncementsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One of each priority; one inactive; one with an image. */
export const List: Story = {};
export const FirstLoad: Story = { args: { items: undefined, count: 0, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, count: 0, isError: true, onReload: fn() } };
/** A phone: each announcement is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
