import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { PasswordField, type PasswordFieldProps } from './PasswordField';

type Props = Omit<PasswordFieldProps, 'label' | 'errorMessage'> & { invalid?: boolean };

function TranslatedPasswordField({ invalid, ...props }: Props) {
  const t = useT();
  return <PasswordField {...props} label={t('field.password')} isInvalid={invalid} errorMessage={invalid ? t('validation.resetPassword') : undefined} />;
}

const meta = {
  title: 'Primitives/PasswordField',
  component: TranslatedPasswordField,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TranslatedPasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = { args: { defaultValue: 'segredo123' } };
export const Revealed: Story = { args: { defaultValue: 'segredo123', isRevealed: true } };
export const Invalid: Story = { args: { defaultValue: 'abc', invalid: true } };
export const Disabled: Story = { args: { defaultValue: 'segredo123', isDisabled: true } };
