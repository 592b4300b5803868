import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from '../Checkbox/Checkbox';
import { CheckboxGroup } from './CheckboxGroup';

const meta = {
  title: 'Primitives/CheckboxGroup',
  component: CheckboxGroup,
  args: {
    label: 'Filas',
    defaultValue: ['1'],
    children: (
      <>
        <Checkbox value="1">Suporte</Checkbox>
        <Checkbox value="2">Vendas</Checkbox>
        <Checkbox value="3">Financeiro</Checkbox>
      </>
    ),
  },
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDescription: Story = { args: { description: 'Os atendimentos destas filas chegam ao usuário.' } };
export const Invalid: Story = { args: { isInvalid: true, errorMessage: 'Required', defaultValue: [] } };
export const Disabled: Story = { args: { isDisabled: true } };
