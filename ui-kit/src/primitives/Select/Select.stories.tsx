import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Select, type SelectProps } from './Select';

function ProfileSelect(props: Omit<SelectProps, 'label' | 'items'>) {
  const t = useT();
  const items = [
    { id: 'admin', label: t('profile.admin') },
    { id: 'supervisor', label: t('profile.supervisor') },
    { id: 'user', label: t('profile.user') },
  ];
  return <Select {...props} label={t('userModal.profile')} items={items} />;
}

const meta = {
  title: 'Primitives/Select',
  component: ProfileSelect,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280, minHeight: 220 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { defaultSelectedKey: 'admin' } };
export const Open: Story = { args: { defaultSelectedKey: 'user', defaultOpen: true } };
export const Invalid: Story = { args: { isInvalid: true, errorMessage: 'Required' } };
export const Disabled: Story = { args: { defaultSelectedKey: 'admin', isDisabled: true } };
