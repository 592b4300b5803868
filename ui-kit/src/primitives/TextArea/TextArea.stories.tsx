import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea';

const meta = {
  title: 'Primitives/TextArea',
  component: TextArea,
  args: { label: 'Mensagem de saudação', rows: 4 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { placeholder: 'Olá! Como podemos ajudar?' } };
export const WithValue: Story = { args: { defaultValue: 'Olá!\nEscolha uma opção:\n1 - Vendas\n2 - Suporte' } };
export const Invalid: Story = { args: { defaultValue: 'Oi', isInvalid: true, errorMessage: 'Mensagem muito curta' } };
export const Disabled: Story = { args: { defaultValue: 'Somente leitura', isDisabled: true } };
