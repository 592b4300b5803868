import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { IconButton } from '../IconButton/IconButton';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './Menu';

function TicketOptions({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <MenuTrigger>
      <IconButton icon="more" aria-label="Opções do ticket" />
      <Menu aria-label="Opções do ticket" onAction={onAction}>
        <MenuItem id="schedule">Agendamento</MenuItem>
        <MenuItem id="transfer">Transferir</MenuItem>
        <MenuSeparator />
        <MenuItem id="delete" icon="delete" variant="danger">
          Deletar
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

describe('Menu', () => {
  it('opens from its trigger and reports the chosen item', async () => {
    const onAction = vi.fn();
    const { container } = render(<TicketOptions onAction={onAction} />);
    const trigger = screen.getByRole('button', { name: 'Opções do ticket' });
    await userEvent.click(trigger);
    expect(screen.getByRole('menu', { name: 'Opções do ticket' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Agendamento', 'Transferir', 'Deletar']);
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Transferir' }));
    expect(onAction.mock.calls[0][0]).toBe('transfer');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard and closes with Escape', async () => {
    const onAction = vi.fn();
    render(<TicketOptions onAction={onAction} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Agendamento' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onAction.mock.calls[0][0]).toBe('delete');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opções do ticket' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opções do ticket' })).toHaveFocus());
  });
});
