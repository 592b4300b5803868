import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleQueues } from '../story-data';
import { QueueModal } from './QueueModal';

const meta = {
  title: 'Admin/Queues/QueueModal',
  component: QueueModal,
  args: { isOpen: true, onOpenChange: fn(), otherQueues: 2, suggestedColor: '#E91E63', showHours: false, onSave: fn(async () => {}) },
} satisfies Meta<typeof QueueModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new queue in a company that has others: the greeting is required. */
export const Add: Story = {};
/** The company's first queue: the greeting may stay blank. */
export const AddFirst: Story = { args: { otherQueues: 0 } };
export const Edit: Story = { args: { queue: sampleQueues[0], options: <p>Opções do chatbot</p> } };
/** Setting scheduleType is 'queue': the 'Horários de Atendimento' tab shows. */
export const WithHours: Story = { args: { queue: sampleQueues[1], showHours: true } };
