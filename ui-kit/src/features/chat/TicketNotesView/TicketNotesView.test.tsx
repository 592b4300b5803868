import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { TicketNotesView, type TicketNote, type TicketNotesViewProps } from './TicketNotesView';

const note = (id: number, text: string, user: TicketNote['user'] = { id: 7, name: 'Ana' }): TicketNote => ({
  id,
  note: text,
  ticketId: 100,
  contactId: 1,
  user,
  createdAt: '2026-03-05T14:30:00.000Z',
});

function renderNotes(props: Partial<TicketNotesViewProps> = {}) {
  const onAdd = vi.fn<TicketNotesViewProps['onAdd']>();
  const onDelete = vi.fn<TicketNotesViewProps['onDelete']>();
  const utils = render(
    <AtendeRoot>
      <TicketNotesView notes={[note(2, 'Prefere contato à tarde'), note(1, 'Cliente antigo', null)]} onAdd={onAdd} onDelete={onDelete} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, onAdd, onDelete, field: () => screen.getByRole('textbox', { name: 'Nova observação' }) };
}

describe('TicketNotesView', () => {
  it('lists the notes with author and date, and is axe-clean', async () => {
    const { container } = renderNotes();
    const items = within(screen.getByRole('list', { name: 'Observações do atendimento' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Prefere contato à tarde');
    expect(items[0]).toHaveTextContent('Ana');
    expect(within(items[0]).getByText(/05\/03\/2026/)).toHaveAttribute('dateTime', '2026-03-05T14:30:00.000Z');
    expect(items[1]).toHaveTextContent('Usuário removido');
    await expectNoA11yViolations(container);
  });

  it('says when there are no notes', () => {
    renderNotes({ notes: [] });
    expect(screen.getByText('Nenhuma observação registrada.')).toBeInTheDocument();
  });

  it('requires a note of at least 2 characters, then adds it and empties the field', async () => {
    const { onAdd, field } = renderNotes();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar observação' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    await userEvent.type(field(), ' a ');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar observação' }));
    expect(await screen.findByText('A observação precisa ter pelo menos 2 caracteres.')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.type(field(), 'b');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar observação' }));
    expect(onAdd).toHaveBeenCalledWith('a b');
    await waitFor(() => expect(field()).toHaveValue(''));
  });

  it('keeps the text when adding fails', async () => {
    const { onAdd, field } = renderNotes();
    onAdd.mockRejectedValueOnce(new Error('no'));
    await userEvent.type(field(), 'Ligar amanhã');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar observação' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalled());
    expect(field()).toHaveValue('Ligar amanhã');
  });

  it('deletes a note only after confirming', async () => {
    const { onDelete } = renderNotes();
    await userEvent.click(screen.getAllByRole('button', { name: 'Excluir observação de Ana' })[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir observação' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Excluir observação de Ana' })[0]);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
