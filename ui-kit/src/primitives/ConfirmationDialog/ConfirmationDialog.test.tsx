import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Button } from '../Button/Button';
import { DialogTrigger } from '../Dialog/Dialog';
import { ConfirmationDialog } from './ConfirmationDialog';

function Demo({ onConfirm, onCancel }: { onConfirm: () => void | Promise<void>; onCancel?: () => void }) {
  return (
    <DialogTrigger>
      <Button variant="danger">Excluir</Button>
      <ConfirmationDialog title="Excluir o contato Ana?" onConfirm={onConfirm} onCancel={onCancel}>
        Todas as interações relacionadas ao contato serão perdidas.
      </ConfirmationDialog>
    </DialogTrigger>
  );
}

describe('ConfirmationDialog', () => {
  it('asks in an alertdialog with focus on confirm, and confirms', async () => {
    const onConfirm = vi.fn();
    const { container } = render(<Demo onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir o contato Ana?' });
    expect(dialog).toHaveTextContent('Todas as interações relacionadas ao contato serão perdidas.');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveFocus();
    await expectNoA11yViolations(container);
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('cancels with the cancel button or Escape without confirming', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Demo onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open while an async confirm runs', async () => {
    let resolve!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<Demo onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
