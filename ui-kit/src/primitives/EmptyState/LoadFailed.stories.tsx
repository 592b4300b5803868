import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoadFailed } from './LoadFailed';

const meta = {
  title: 'Primitives/LoadFailed',
  component: LoadFailed,
  args: { title: 'Não foi possível carregar a lista de registros.', onRetry: fn() },
} satisfies Meta<typeof LoadFailed>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRetry: Story = {};
export const WithoutRetry: Story = { args: { onRetry: undefined } };
