import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MessageKey } from '../../i18n';
import { useT } from '../../i18n';
import { Button, type ButtonProps } from './Button';

/** The label comes from the kit's texts, so the toolbar's locale switch shows each language. */
function TranslatedButton({ labelKey, ...props }: ButtonProps & { labelKey: MessageKey }) {
  const t = useT();
  return <Button {...props}>{t(labelKey)}</Button>;
}

const meta = {
  title: 'Primitives/Button',
  component: TranslatedButton,
  args: { labelKey: 'action.save', variant: 'primary' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger'] },
    labelKey: { control: 'select', options: ['action.save', 'action.cancel', 'action.delete', 'action.send'] },
  },
} satisfies Meta<typeof TranslatedButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = {
  args: { variant: 'secondary', labelKey: 'action.cancel' },
};

export const Danger: Story = {
  args: { variant: 'danger', labelKey: 'action.delete' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
};

export const Pending: Story = {
  args: { isPending: true, labelKey: 'action.send' },
};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 'var(--atd-space-2)' }}>
      <TranslatedButton {...args} variant="primary" labelKey="action.save" />
      <TranslatedButton {...args} variant="secondary" labelKey="action.cancel" />
      <TranslatedButton {...args} variant="danger" labelKey="action.delete" />
    </div>
  ),
};
