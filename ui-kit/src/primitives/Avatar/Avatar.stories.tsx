import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './Avatar';

const PIXEL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#7b61ff"/><circle cx="5" cy="4" r="2" fill="#fff"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#fff"/></svg>',
  );

const meta = { title: 'Primitives/Avatar', component: Avatar, args: { name: 'Ana Souza' } } satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 'var(--atd-space-3)', alignItems: 'center' }}>
      <Avatar {...args} size="sm" />
      <Avatar {...args} />
      <Avatar {...args} size="lg" />
      <Avatar name="Bruno Lima" />
      <Avatar name="Carla" />
      <span>{args.name}</span>
    </div>
  ),
};
export const Picture: Story = {
  args: { src: PIXEL },
  render: (args) => (
    <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Avatar {...args} /> {args.name}
    </p>
  ),
};
