import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../test/a11y';
import { AtendeRoot } from '../theme/AtendeRoot';
import { FormTextField } from './Form';
import { FormDialog } from './FormDialog';
import { nameRule } from './validators';

function NameDialog({
  onSubmit,
  onOpenChange = () => {},
}: {
  onSubmit: (v: { name: string }) => Promise<void> | void;
  onOpenChange?: (open: boolean) => void;
}) {
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <AtendeRoot>
      <FormDialog title="Renomear" isOpen onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} after={<p>depois do formulário</p>}>
        <FormTextField<{ name: string }> name="name" rule={nameRule} label="Nome" />
      </FormDialog>
    </AtendeRoot>
  );
}

describe('FormDialog', () => {
  it("submits the form from the footer's Salvar (outside the <form>), with the fields' rules; axe-clean", async () => {
    const onSubmit = vi.fn();
    render(<NameDialog onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Renomear' });
    expect(within(dialog).getByText('depois do formulário')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything());
    await expectNoA11yViolations(dialog);
  });

  it('Cancelar closes; while the submit is on its way the buttons wait', async () => {
    const onOpenChange = vi.fn();
    let finish: () => void = () => {};
    render(<NameDialog onOpenChange={onOpenChange} onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    const dialog = screen.getByRole('dialog', { name: 'Renomear' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    finish();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar' }, { timeout: 2000 }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
