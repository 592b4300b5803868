import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleTasks } from '../story-data';
import { TasksBellList } from './TasksBell';

const meta = {
  title: 'Tasks/TasksBell',
  component: TasksBellList,
  args: { onOpenTask: fn(), tasks: sampleTasks.filter((task) => !task.completed) },
} satisfies Meta<typeof TasksBellList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPendingTasks: Story = {};
export const Empty: Story = { args: { tasks: [] } };
export const Loading: Story = { args: { tasks: [], loading: true } };
