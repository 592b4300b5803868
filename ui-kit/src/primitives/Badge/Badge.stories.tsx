import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';

const meta = { title: 'Primitives/Badge', component: Badge, args: { count: 7 } } satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Count: Story = {};
export const Capped: Story = { args: { count: 250 } };
export const Variants: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 'var(--atd-space-3)', alignItems: 'center' }}>
      <Badge variant="primary" count={1} />
      <Badge variant="neutral" count={2} />
      <Badge variant="success">OK</Badge>
      <Badge variant="warning">!</Badge>
      <Badge variant="danger" count={120} />
      <Badge variant="danger" dot label="unread" />
    </div>
  ),
};
