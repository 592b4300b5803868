import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ForgotPasswordView } from './ForgotPassword';

const meta = {
  title: 'Screens/ForgotPassword',
  component: ForgotPasswordView,
  args: { onRequestCode: fn(), onReset: fn(), brand: 'Atende' },
} satisfies Meta<typeof ForgotPasswordView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailStep: Story = {};
export const CodeStep: Story = { args: { initialStep: 2, defaultEmail: 'ana@demo.atende.local' } };
