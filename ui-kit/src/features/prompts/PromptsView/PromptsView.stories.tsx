import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { samplePrompts } from '../prompt-story-data';
import { PromptsView } from './PromptsView';

const meta = {
  title: 'Prompts/PromptsView',
  component: PromptsView,
  args: {
    items: samplePrompts,
    count: samplePrompts.length,
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
} satisfies Meta<typeof PromptsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Prompts of two queues and one whose queue was deleted. */
export const List: Story = {};
export const FirstLoad: Story = { args: { items: undefined, count: 0, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, count: 0, isError: true, onReload: fn() } };
/** A phone: each prompt is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
