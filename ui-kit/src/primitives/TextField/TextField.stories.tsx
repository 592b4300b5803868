import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { TextField, type TextFieldProps } from './TextField';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'description' | 'errorMessage'> & {
  withDescription?: boolean;
};

/** An email field whose texts come from the kit's tables, so the toolbar's locale switch shows each language. */
function EmailField({ withDescription, ...props }: EmailFieldProps) {
  const t = useT();
  return (
    <TextField
      {...props}
      type="email"
      label={t('field.email')}
      description={withDescription ? t('field.email.description') : undefined}
      errorMessage={(validation) => (validation.validationDetails.valueMissing ? t('validation.required') : t('validation.email'))}
    />
  );
}

const meta = {
  title: 'Primitives/TextField',
  component: EmailField,
  args: { withDescription: true },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = {
  args: { defaultValue: 'ana@example.com' },
};

export const Invalid: Story = {
  args: { defaultValue: 'ana@', isInvalid: true },
};

export const Required: Story = {
  args: { isRequired: true, validationBehavior: 'aria', withDescription: false },
};

export const Disabled: Story = {
  args: { defaultValue: 'ana@example.com', isDisabled: true },
};

export const Password: Story = {
  render: function PasswordStory() {
    const t = useT();
    return <TextField type="password" label={t('field.password')} isRequired isInvalid errorMessage={t('validation.minLength', { count: 8 })} />;
  },
};
