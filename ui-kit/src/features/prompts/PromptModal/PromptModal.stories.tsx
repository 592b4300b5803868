import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { samplePrompts, sampleQueues } from '../prompt-story-data';
import { PromptModal } from './PromptModal';

const meta = {
  title: 'Prompts/PromptModal',
  component: PromptModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => undefined), queues: sampleQueues },
} satisfies Meta<typeof PromptModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding: the defaults (voice 'texto', temperature 1, 100 tokens, 10 messages). */
export const Add: Story = {};
/** Editing a prompt with stored keys and a voice. */
export const Edit: Story = { args: { prompt: samplePrompts[1] } };
/** A prompt whose queue was deleted: saving asks for one. */
export const WithoutQueue: Story = { args: { prompt: samplePrompts[2] } };
