import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleHelps } from '../story-data';
import { HelpsAdminView } from './HelpsAdminView';

const meta = {
  title: 'Admin/Helps/HelpsAdminView',
  component: HelpsAdminView,
  args: {
    helps: sampleHelps,
    hasMore: false,
    onLoadMore: fn(),
    isLoading: false,
    onReload: fn(),
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => {}),
  },
} satisfies Meta<typeof HelpsAdminView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
/** On the /helps page: 'Ver vídeos' goes back to the grid. */
export const OnHelpsPage: Story = { args: { onBack: fn() } };
export const Loading: Story = { args: { helps: undefined, isLoading: true } };
export const LoadError: Story = { args: { helps: undefined, isError: true } };
export const Empty: Story = { args: { helps: [] } };
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <HelpsAdminView {...args} />
    </div>
  ),
};
