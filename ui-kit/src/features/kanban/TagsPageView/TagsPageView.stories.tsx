import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TagsPageView, type TagRow } from './TagsPageView';

const AT = '2026-01-01T00:00:00.000Z';
const tag = (id: number, name: string, color: string, ticketsCount: number, kanban: 0 | 1 = 0): TagRow => ({
  id,
  name,
  color,
  kanban,
  ticketsCount,
  createdAt: AT,
  updatedAt: AT,
});

const meta = {
  title: 'Kanban/TagsPage',
  component: TagsPageView,
  args: {
    tags: [
      tag(1, 'Ganho', '#2E7D32', 12, 1),
      tag(2, 'Lead', '#7C4DFF', 31, 1),
      tag(3, 'Proposta enviada', '#F9A825', 7, 1),
      tag(4, 'Reclamação', '#C62828', 2),
      tag(5, 'VIP', '#A4CCCC', 0),
    ],
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ height: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TagsPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tags: Story = {};
export const Searching: Story = { args: { search: 'zz', tags: [] } };
export const Loading: Story = { args: { tags: [], isLoading: true } };
export const LoadingMore: Story = { args: { isLoading: true, hasMore: true } };
