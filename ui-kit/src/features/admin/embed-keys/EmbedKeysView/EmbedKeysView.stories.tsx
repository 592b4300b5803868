import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleEmbedKeys } from '../story-data';
import { EmbedKeysView } from './EmbedKeysView';

const meta = {
  title: 'Admin/Embed keys/EmbedKeysView',
  component: EmbedKeysView,
  args: {
    keys: sampleEmbedKeys,
    isLoading: false,
    onAdd: fn(),
    onEdit: fn(),
    onRevoke: fn(async () => {}),
    onReload: fn(),
  },
} satisfies Meta<typeof EmbedKeysView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two active keys (a rotation under way) and a revoked one. */
export const EmbedKeys: Story = {};
export const Loading: Story = { args: { keys: undefined, isLoading: true } };
export const LoadError: Story = { args: { keys: undefined, isError: true } };
export const Empty: Story = { args: { keys: [] } };
/** A narrow container: each key becomes a card. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <EmbedKeysView {...args} />
    </div>
  ),
};
