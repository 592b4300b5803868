import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { fn } from 'storybook/test';
import { FormTextField } from './Form';
import { FormDialog } from './FormDialog';
import { nameRule } from './validators';

function Example({ onSubmit }: { onSubmit: () => void }) {
  const form = useForm<{ name: string }>({ defaultValues: { name: 'Suporte' } });
  return (
    <FormDialog title="Editar" isOpen onOpenChange={() => {}} form={form} onSubmit={onSubmit}>
      <FormTextField<{ name: string }> name="name" rule={nameRule} label="Nome" />
    </FormDialog>
  );
}

const meta = {
  title: 'Forms/FormDialog',
  component: Example,
  args: { onSubmit: fn() },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A modal form: Cancelar and Salvar in the footer, Salvar tied to the form. */
export const Default: Story = {};
