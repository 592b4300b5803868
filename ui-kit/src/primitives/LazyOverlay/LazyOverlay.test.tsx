import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { IconButton } from '../IconButton/IconButton';
import { Menu, MenuItem } from '../Menu/Menu';
import { Popover } from '../Popover/Popover';
import { LazyMenuTrigger, LazyMount, LazyPopoverTrigger, lazyOverlay } from './LazyOverlay';

function OptionsMenu({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <Menu aria-label="Opções do ticket" onAction={onAction}>
      <MenuItem id="schedule">Agendamento</MenuItem>
      <MenuItem id="transfer">Transferir</MenuItem>
      <MenuItem id="delete">Deletar</MenuItem>
    </Menu>
  );
}

function FilterPanel() {
  return (
    <Popover aria-label="Filtrar por fila">
      <Checkbox value="1">Vendas</Checkbox>
      <Checkbox value="2">Suporte</Checkbox>
    </Popover>
  );
}

describe('LazyMenuTrigger', () => {
  it('shows a named trigger at once and loads the menu only when it is wanted', async () => {
    const load = vi.fn(async () => OptionsMenu);
    const Options = lazyOverlay(load);
    const { container } = render(
      <LazyMenuTrigger overlay={<Options onAction={vi.fn()} />}>
        <IconButton icon="more" aria-label="Opções do ticket" />
      </LazyMenuTrigger>,
    );
    const trigger = screen.getByRole('button', { name: 'Opções do ticket' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'true');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
    await userEvent.hover(trigger);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(await screen.findByRole('menu', { name: 'Opções do ticket' })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(load).toHaveBeenCalledTimes(1);
    await expectNoA11yViolations(container);
  });

  it('opens from the keyboard with focus inside, and gives focus back to the same trigger when it closes', async () => {
    const onAction = vi.fn();
    const Options = lazyOverlay(async () => OptionsMenu);
    render(
      <LazyMenuTrigger overlay={<Options onAction={onAction} />}>
        <IconButton icon="more" aria-label="Opções do ticket" />
      </LazyMenuTrigger>,
    );
    const trigger = screen.getByRole('button', { name: 'Opções do ticket' });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'Agendamento' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The very element that was pressed: the trigger was not remounted when the menu loaded.
    expect(screen.getByRole('button', { name: 'Opções do ticket' })).toBe(trigger);
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Deletar' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onAction.mock.calls[0][0]).toBe('transfer');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Agendamento' })).toHaveFocus());
  });
});

describe('a failed download', () => {
  it('leaves the trigger in place, closed, instead of failing the screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Options = lazyOverlay<{ onAction: (key: unknown) => void }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <>
        <LazyMenuTrigger overlay={<Options onAction={vi.fn()} />}>
          <IconButton icon="more" aria-label="Opções do ticket" />
        </LazyMenuTrigger>
        <p>Conversa</p>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Opções do ticket' });
    await userEvent.click(trigger);
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByText('Conversa')).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});

describe('LazyPopoverTrigger', () => {
  it('opens its popover from the keyboard with focus inside, named, and closes back to the trigger', async () => {
    const load = vi.fn(async () => FilterPanel);
    const Panel = lazyOverlay(load);
    const { container } = render(
      <LazyPopoverTrigger overlay={<Panel />}>
        <Button variant="secondary">Filas</Button>
      </LazyPopoverTrigger>,
    );
    const trigger = screen.getByRole('button', { name: 'Filas' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Filtrar por fila' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(container);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Vendas' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});

describe('LazyMount', () => {
  function Confirm({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
    return isOpen ? (
      <div role="dialog" aria-label="Confirmar">
        <button type="button" onClick={() => onOpenChange(false)}>
          Cancelar
        </button>
      </div>
    ) : null;
  }

  it('loads a dialog opened by state only when it first opens', async () => {
    const load = vi.fn(async () => ({ default: Confirm }));
    const LazyConfirm = lazy(load);
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onPress={() => setOpen(true)}>Excluir</Button>
          <LazyMount isOpen={open}>
            <LazyConfirm isOpen={open} onOpenChange={setOpen} />
          </LazyMount>
        </>
      );
    }
    render(<Screen />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('dialog', { name: 'Confirmar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    // Loaded once, and from then on it opens at once.
    expect(screen.getByRole('dialog', { name: 'Confirmar' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
