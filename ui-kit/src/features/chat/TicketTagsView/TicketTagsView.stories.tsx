import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TicketTagsView } from './TicketTagsView';

const options = [
  { id: 1, name: 'Em andamento', color: '#2196F3' },
  { id: 2, name: 'VIP', color: '#FF9800' },
  { id: 3, name: 'Financeiro', color: '#A4CCCC' },
];

const meta = {
  title: 'Chat/TicketTagsView',
  component: TicketTagsView,
  args: { applied: options.slice(0, 2), options, onChange: fn() },
} satisfies Meta<typeof TicketTagsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTags: Story = {};
export const Empty: Story = { args: { applied: [] } };
export const Saving: Story = { args: { isPending: true } };
