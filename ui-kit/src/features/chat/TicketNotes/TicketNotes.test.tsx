import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { TicketNotes } from './TicketNotes';

const note = (id: number, text: string): Schema<'TicketNoteDto'> => ({
  id,
  note: text,
  ticketId: 100,
  contactId: 1,
  user: { id: 7, name: 'Ana' },
  createdAt: '2026-03-05T14:30:00.000Z',
});

describe('TicketNotes (connected)', () => {
  it('reads the ticket’s notes about its contact, adds and deletes them with the spec’s toasts', async () => {
    let notes = [note(1, 'Cliente antigo')];
    const routes: Routes = {
      'GET /ticket-notes/list': () => json(200, notes),
      'POST /ticket-notes': async (request) => {
        const body = (await request.json()) as Schema<'CreateTicketNoteDto'>;
        expect(body).toEqual({ ticketId: 100, contactId: 1, note: 'Prefere WhatsApp' });
        notes = [note(2, body.note), ...notes];
        return json(201, notes[0]);
      },
      'DELETE /ticket-notes/1': () => {
        notes = notes.filter((n) => n.id !== 1);
        return json(204, undefined);
      },
    };
    const { api } = renderSignedIn(<TicketNotes ticket={{ id: 100, contactId: 1 }} />, routes);
    expect(await screen.findByText('Cliente antigo')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/ticket-notes/list')).toBeDefined();

    await userEvent.type(screen.getByRole('textbox', { name: 'Nova observação' }), 'Prefere WhatsApp');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar observação' }));
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeInTheDocument();
    expect(await screen.findByText('Prefere WhatsApp')).toBeInTheDocument();

    const first = within(screen.getByRole('list', { name: 'Observações do atendimento' }))
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Cliente antigo'))!;
    await userEvent.click(within(first).getByRole('button', { name: 'Excluir observação de Ana' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir observação' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Observação excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cliente antigo')).not.toBeInTheDocument());
  });

  it('toasts a failure with the kit’s error text', async () => {
    const routes: Routes = {
      'GET /ticket-notes/list': () => json(200, [note(1, 'Cliente antigo')]),
      'DELETE /ticket-notes/1': () => json(404, { error: 'ERR_TICKET_NOTE_NOT_FOUND', message: 'not found', statusCode: 404 }),
    };
    renderSignedIn(<TicketNotes ticket={{ id: 100, contactId: 1 }} />, routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir observação de Ana' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir observação' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Observação não encontrada.')).toBeInTheDocument();
  });
});
