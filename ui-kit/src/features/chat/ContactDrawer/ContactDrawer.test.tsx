import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { ContactDrawer } from './ContactDrawer';

const contact = contactDto({ id: 1, name: 'Maria', number: '5511999990001', extraInfo: [] });
const ticket = ticketDto({ id: 100, status: 'open', contact });

describe('ContactDrawer (connected)', () => {
  it('saves the contact with PUT /contacts/{id}, toasts, and shows the saved contact', async () => {
    let saved: Schema<'ContactDto'> = contact;
    const routes: Routes = {
      'GET /contacts/1': () => json(200, saved),
      'GET /ticket-notes/list': () => json(200, []),
      'PUT /contacts/1': async (request) => {
        const body = (await request.json()) as Schema<'UpdateContactDto'>;
        expect(body).toEqual({ name: 'Maria Souza', number: '5511999990001', email: null, extraInfo: [{ name: 'CPF', value: '1' }] });
        saved = { ...contact, name: 'Maria Souza', extraInfo: [{ id: 9, name: 'CPF', value: '1' }] };
        return json(200, saved);
      },
    };
    renderSignedIn(<ContactDrawer ticket={ticket} isOpen onClose={vi.fn()} />, routes);
    expect(await screen.findByText('Nenhuma observação registrada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Editar contato' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), ' Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar informação' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome do campo' }), 'CPF');
    await userEvent.type(screen.getByRole('textbox', { name: 'Valor' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Contato salvo com sucesso!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(screen.getByText('CPF')).toBeInTheDocument();
  });

  it('toasts an error that is not about a field', async () => {
    const routes: Routes = {
      'GET /contacts/1': () => json(200, contact),
      'GET /ticket-notes/list': () => json(200, []),
      'PUT /contacts/1': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no', statusCode: 403 }),
    };
    renderSignedIn(<ContactDrawer ticket={ticket} isOpen onClose={vi.fn()} />, routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar contato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Editar contato' })).toBeInTheDocument());
  });

  it('fetches nothing while closed', () => {
    const { api } = renderSignedIn(<ContactDrawer ticket={ticket} isOpen={false} onClose={vi.fn()} />, {});
    expect(api.calls.filter((c) => c.path.startsWith('/contacts') || c.path.startsWith('/ticket-notes'))).toEqual([]);
  });
});
