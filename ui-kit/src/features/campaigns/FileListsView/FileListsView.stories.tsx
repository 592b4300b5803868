import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleFileLists } from '../files-and-settings-story-data';
import { FileListsView } from './FileListsView';

const meta = {
  title: 'Campaigns/FileListsView',
  component: FileListsView,
  args: {
    items: sampleFileLists,
    count: sampleFileLists.length,
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
} satisfies Meta<typeof FileListsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lists with files and one with its message only. */
export const List: Story = {};
export const Searching: Story = { args: { search: 'natal', items: sampleFileLists.slice(1, 2), count: 1 } };
export const LoadingMore: Story = { args: { hasMore: true, isLoading: true } };
export const FirstLoad: Story = { args: { items: undefined, count: 0, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, count: 0, isError: true, onReload: fn() } };
/** A phone: each list is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
