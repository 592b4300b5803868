import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementsBellList } from './AnnouncementsBell';

const active = sampleAnnouncements.filter((a) => a.status);

const meta = {
  title: 'Announcements/AnnouncementsBell',
  component: AnnouncementsBellList,
  args: { announcements: active, fresh: new Set([active[0].id]) },
  decorators: [
    (Story) => (
      <div style={{ padding: 12, border: '1px solid var(--atd-border)', width: 'fit-content', background: 'var(--atd-surface)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AnnouncementsBellList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** High and medium priority; the newest not yet seen; one with an image (its name until loaded). */
export const WithAnnouncements: Story = {};
export const Empty: Story = { args: { announcements: [] } };
export const Loading: Story = { args: { announcements: [], loading: true } };
