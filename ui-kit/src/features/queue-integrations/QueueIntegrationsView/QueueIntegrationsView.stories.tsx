import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrationsView } from './QueueIntegrationsView';

const meta = {
  title: 'Queue integrations/QueueIntegrationsView',
  component: QueueIntegrationsView,
  args: {
    items: sampleIntegrations,
    count: sampleIntegrations.length,
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
} satisfies Meta<typeof QueueIntegrationsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One integration of each type. */
export const List: Story = {};
export const FirstLoad: Story = { args: { items: undefined, count: 0, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, count: 0, isError: true, onReload: fn() } };
/** A phone: each integration is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
