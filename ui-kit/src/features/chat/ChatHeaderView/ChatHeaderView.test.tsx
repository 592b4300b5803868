import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { ChatHeaderView, type ChatHeaderViewProps } from './ChatHeaderView';

const NONE = { accept: false, returnToPending: false, close: false, reopen: false };

function renderHeader(props: Partial<ChatHeaderViewProps> = {}) {
  const handlers = {
    onAccept: vi.fn(),
    onReturn: vi.fn(),
    onClose: vi.fn(),
    onReopen: vi.fn(),
    onTransfer: vi.fn(),
    onDelete: vi.fn(),
    onToggleContact: vi.fn(),
  };
  const ticket = ticketDto({
    status: 'open',
    contact: contactDto({ name: 'Maria Souza', number: '5511999990001' }),
    user: { id: 7, name: 'Ana' },
    queue: { id: 1, name: 'Suporte', color: '#7C4DFF' },
  });
  const utils = render(<ChatHeaderView ticket={ticket} actions={NONE} canDelete={false} contactOpen={false} {...handlers} {...props} />);
  return { ...utils, ...handlers };
}

describe('ChatHeaderView', () => {
  it('shows the contact, number, assignee and queue', async () => {
    const { container } = renderHeader({ actions: { ...NONE, returnToPending: true, close: true } });
    expect(screen.getByText('Maria Souza')).toBeInTheDocument();
    expect(screen.getByText('5511999990001')).toBeInTheDocument();
    expect(screen.getByText('Atribuído a Ana')).toBeInTheDocument();
    expect(screen.getByText('Fila Suporte')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('shows exactly the actions it is given, and calls each', async () => {
    const header = renderHeader({ actions: { accept: true, returnToPending: true, close: true, reopen: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    await userEvent.click(screen.getByRole('button', { name: /Devolver/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await userEvent.click(screen.getByRole('button', { name: /Reabrir/ }));
    expect([header.onAccept, header.onReturn, header.onClose, header.onReopen].map((f) => f.mock.calls.length)).toEqual([1, 1, 1, 1]);
    header.unmount();

    renderHeader({ actions: { ...NONE, reopen: true } });
    expect(screen.queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reabrir/ })).toBeInTheDocument();
  });

  it('disables the status buttons while a change is on its way', () => {
    renderHeader({ actions: { ...NONE, accept: true }, isPending: true });
    expect(screen.getByRole('button', { name: 'Aceitar' })).toBeDisabled();
  });

  it('options: schedule disabled with its note without a schedule modal, transfer, delete only when allowed', async () => {
    const header = renderHeader({ canDelete: true });
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    const schedule = await screen.findByRole('menuitem', { name: /Agendamento/ });
    expect(schedule).toHaveAttribute('aria-disabled', 'true');
    expect(schedule).toHaveTextContent('Disponível com os agendamentos');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Transferir' }));
    expect(header.onTransfer).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deletar' }));
    expect(header.onDelete).toHaveBeenCalled();
    header.unmount();

    const onSchedule = vi.fn();
    renderHeader({ canDelete: false, onSchedule });
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    expect(screen.queryByRole('menuitem', { name: 'Deletar' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: /Agendamento/ }));
    expect(onSchedule).toHaveBeenCalled();
  });

  it('toggles the contact drawer', async () => {
    const header = renderHeader({ contactOpen: true });
    const toggle = screen.getByRole('button', { name: 'Dados do contato' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(header.onToggleContact).toHaveBeenCalled();
  });
});
