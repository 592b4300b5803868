import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrationModal } from './QueueIntegrationModal';

const meta = {
  title: 'Queue integrations/QueueIntegrationModal',
  component: QueueIntegrationModal,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSave: fn(async () => undefined),
    onTest: fn(async () => ({ ok: true, reply: 'Olá! Como posso ajudar?' })),
    onRotateSecret: fn(async () => undefined),
  },
} satisfies Meta<typeof QueueIntegrationModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding: a Typebot by default, with delay 1000 and expires 1. */
export const Add: Story = {};
/** A DialogFlow agent with a stored key: the JSON may stay blank; Test uses the stored key. */
export const EditDialogflow: Story = { args: { integration: sampleIntegrations[0] } };
/** An n8n flow: name, URL and the signing secret's hint with 'Gerar novo segredo'. */
export const EditN8n: Story = { args: { integration: sampleIntegrations[1] } };
/** A Typebot with every field. */
export const EditTypebot: Story = { args: { integration: sampleIntegrations[2] } };
