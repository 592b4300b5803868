import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContactModal } from './ContactModal';

const meta = {
  title: 'Contacts/ContactModal',
  component: ContactModal,
  args: { isOpen: true, onOpenChange: fn(), mode: 'add', onSave: fn(async () => {}) },
} satisfies Meta<typeof ContactModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = {};
export const Edit: Story = {
  args: {
    mode: 'edit',
    initialValues: {
      name: 'Maria Souza',
      number: '5511999990001',
      email: 'maria@example.com',
      extraInfo: [
        { name: 'CPF', value: '123.456.789-00' },
        { name: 'Cidade', value: 'Campinas' },
      ],
    },
  },
};
export const LoadingDetails: Story = { args: { mode: 'edit', isLoading: true } };
