import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TagModal } from './TagModal';

const meta = {
  title: 'Kanban/TagModal',
  component: TagModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(), canEditKanban: true },
} satisfies Meta<typeof TagModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An admin or supervisor adds a tag: name, colour, kanban switch. */
export const Add: Story = {};
export const Edit: Story = { args: { tag: { id: 4, name: 'Proposta enviada', color: '#F9A825', kanban: 1 } } };
/** Other users: no kanban switch. */
export const WithoutKanbanSwitch: Story = { args: { canEditKanban: false } };
