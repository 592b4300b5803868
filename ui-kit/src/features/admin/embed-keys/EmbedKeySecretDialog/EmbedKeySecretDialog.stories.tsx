import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { createdEmbedKey } from '../story-data';
import { EmbedKeySecretDialog } from './EmbedKeySecretDialog';

const meta = {
  title: 'Admin/Embed keys/EmbedKeySecretDialog',
  component: EmbedKeySecretDialog,
  args: { created: createdEmbedKey, onClose: fn() },
} satisfies Meta<typeof EmbedKeySecretDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Right after the create: the secret, shown once. */
export const Shown: Story = {};
