import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SecretDialog } from './SecretDialog';

const meta = {
  title: 'Queue integrations/SecretDialog',
  component: SecretDialog,
  args: { isOpen: true, onOpenChange: fn(), name: 'WebHook do ERP', secret: 'whsec_3q2+7w2Xy0LmN8pQrStUvWxYz0123456789abcdEF' },
} satisfies Meta<typeof SecretDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Right after a create or a rotation: shown once. */
export const Shown: Story = {};
