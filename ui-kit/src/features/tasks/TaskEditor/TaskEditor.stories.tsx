import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { TaskEditor } from './TaskEditor';

function Controlled({ initial, isDisabled }: { initial: string; isDisabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ maxWidth: 560, padding: 16 }}>
      <TaskEditor label="Descrição" value={value} onChange={setValue} isDisabled={isDisabled} />
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{value}</pre>
    </div>
  );
}

const meta = {
  title: 'Tasks/TaskEditor',
  component: Controlled,
  args: { initial: '' },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithContent: Story = {
  args: {
    initial:
      '<p>Texto em <strong>negrito</strong>, <em>itálico</em> e <u>sublinhado</u>.</p><ul><li><p>um</p></li><li><p>dois</p></li></ul><p><a href="https://atende.test">um link</a></p>',
  },
};
export const Disabled: Story = { args: { initial: '<p>Salvando…</p>', isDisabled: true } };
