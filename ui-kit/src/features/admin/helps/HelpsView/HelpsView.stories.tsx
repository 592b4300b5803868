import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleHelps } from '../story-data';
import { HelpsView } from './HelpsView';

const meta = {
  title: 'Admin/Helps/HelpsView',
  component: HelpsView,
  args: { helps: sampleHelps, isLoading: false, onOpen: fn(), onReload: fn(), search: '', onSearchChange: fn() },
} satisfies Meta<typeof HelpsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {};
/** A super user: 'Gerenciar vídeos' beside the search. */
export const Manageable: Story = { args: { onManage: fn() } };
export const Loading: Story = { args: { helps: undefined, isLoading: true } };
export const LoadError: Story = { args: { helps: undefined, isError: true } };
export const Empty: Story = { args: { helps: [] } };
export const NoResults: Story = { args: { helps: [], search: 'boleto' } };
/** A narrow container: one card a row. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <HelpsView {...args} />
    </div>
  ),
};
