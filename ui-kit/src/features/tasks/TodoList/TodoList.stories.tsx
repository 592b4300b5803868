import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleTasks } from '../story-data';
import { TodoList, TodoListView } from './TodoList';

const resolved = () => Promise.resolve();

const meta = {
  title: 'Tasks/TodoListView',
  component: TodoListView,
  args: { tasks: sampleTasks, onCreate: fn(resolved), onUpdate: fn(resolved), onDelete: fn(resolved) },
  render: (args) => (
    <div style={{ padding: 16 }}>
      <TodoListView {...args} />
    </div>
  ),
} satisfies Meta<typeof TodoListView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTasks: Story = {};
export const Empty: Story = { args: { tasks: [] } };
export const Loading: Story = { args: { tasks: [], loading: true } };
export const NetworkError: Story = { args: { tasks: [], loadError: 'network' } };
export const LoadError: Story = { args: { tasks: [], loadError: 'load' } };

/** Signed in on a fake API (GET /tasks, POST, PUT, DELETE answer as the API would). */
export const Connected: Story = {
  render: (_args, { globals }) => {
    let tasks = [...sampleTasks];
    let next = 10;
    const routes = {
      'GET /tasks': () => tasks,
      'POST /tasks': async (request: Request) => {
        const body = (await request.json()) as { text: string; description?: string };
        const now = new Date().toISOString();
        const task = { id: next++, text: body.text, description: body.description ?? '', completed: false, userId: 1, createdAt: now, updatedAt: now };
        tasks = [task, ...tasks];
        return task;
      },
    };
    return (
      <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes}>
        <div style={{ padding: 16 }}>
          <TodoList />
        </div>
      </StoryProvider>
    );
  },
};
