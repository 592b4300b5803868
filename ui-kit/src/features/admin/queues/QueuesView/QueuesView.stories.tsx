import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleQueues } from '../story-data';
import { QueuesView } from './QueuesView';

const meta = {
  title: 'Admin/Queues/QueuesView',
  component: QueuesView,
  args: {
    queues: sampleQueues,
    isLoading: false,
    permissions: { canWrite: true },
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => {}),
    onReload: fn(),
  },
} satisfies Meta<typeof QueuesView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Queues: Story = {};
export const Loading: Story = { args: { queues: undefined, isLoading: true } };
export const LoadError: Story = { args: { queues: undefined, isError: true } };
export const Empty: Story = { args: { queues: [] } };
/** Without queues:write: no add, edit or delete. */
export const ReadOnly: Story = { args: { permissions: { canWrite: false } } };
/** A narrow container: each queue becomes a card. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <QueuesView {...args} />
    </div>
  ),
};
