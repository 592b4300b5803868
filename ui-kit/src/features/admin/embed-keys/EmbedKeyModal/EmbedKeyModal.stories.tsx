import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { embedKeyDto } from '../story-data';
import { EmbedKeyModal } from './EmbedKeyModal';

const meta = {
  title: 'Admin/Embed keys/EmbedKeyModal',
  component: EmbedKeyModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => {}) },
} satisfies Meta<typeof EmbedKeyModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = {};
export const Edit: Story = { args: { embedKey: embedKeyDto({ allowedOrigins: ['https://portal.parceiro.com.br', 'http://localhost:5173'] }) } };
