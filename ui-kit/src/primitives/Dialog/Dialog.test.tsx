import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import { Dialog, DialogTrigger } from './Dialog';

function ContactDialog() {
  return (
    <AtendeRoot>
      <Button>Fora</Button>
      <DialogTrigger>
        <Button>Novo contato</Button>
        <Dialog title="Adicionar contato" footer={({ close }) => <Button onPress={close}>Salvar</Button>}>
          <TextField label="Nome" autoFocus />
        </Dialog>
      </DialogTrigger>
    </AtendeRoot>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title, with focus inside', async () => {
    const { container } = render(<ContactDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Novo contato' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar contato' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // The rest of the page is hidden from assistive technology while it is open.
    expect(screen.queryByRole('button', { name: 'Fora' })).not.toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('keeps focus trapped while tabbing', async () => {
    render(<ContactDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Novo contato' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with Escape and returns focus to the trigger', async () => {
    render(<ContactDialog />);
    const trigger = screen.getByRole('button', { name: 'Novo contato' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes from its close button and from a footer action', async () => {
    render(<ContactDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Novo contato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Novo contato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('works controlled', async () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog title="Perfil" isOpen onOpenChange={onOpenChange}>
        conteúdo
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Perfil' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
