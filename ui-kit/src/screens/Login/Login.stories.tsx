import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoginView } from './Login';

const meta = {
  title: 'Screens/Login',
  component: LoginView,
  args: { onSubmit: fn(), brand: 'Atende' },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValues: { email: 'admin@demo.atende.local', password: 'Atende@2026' } } };
