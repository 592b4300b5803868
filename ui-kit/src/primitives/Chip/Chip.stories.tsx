import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chip } from './Chip';

const meta = { title: 'Primitives/Chip', component: Chip, args: { children: 'Vendas' } } satisfies Meta<typeof Chip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};
export const Coloured: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 'var(--atd-space-2)', flexWrap: 'wrap' }}>
      <Chip color="#e53935">Urgente</Chip>
      <Chip color="#ffee00">Aguardando</Chip>
      <Chip color="#1e88e5" onRemove={() => undefined}>
        Suporte
      </Chip>
      <Chip onRemove={() => undefined}>Sem cor</Chip>
    </div>
  ),
};
