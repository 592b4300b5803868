import type { Meta, StoryObj } from '@storybook/react-vite';
import { ICON_NAMES, Icon } from './Icon';

const meta = {
  title: 'Primitives/Icon',
  component: Icon,
  args: { name: 'search', size: 32 },
  argTypes: { name: { control: 'select', options: ICON_NAMES } },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  args: { label: 'search' },
  render: (args) => (
    <p style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Icon {...args} /> {args.name}
    </p>
  ),
};

export const All: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--atd-space-4)' }}>
      {ICON_NAMES.map((name) => (
        <span key={name} style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <Icon {...args} name={name} />
          <code>{name}</code>
        </span>
      ))}
    </div>
  ),
};
