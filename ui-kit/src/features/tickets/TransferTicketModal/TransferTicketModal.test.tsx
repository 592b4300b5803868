import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { queueDto, ticketDto, userDto, whatsappDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { TransferTicketModal, transferPayload } from './TransferTicketModal';

const ticket = ticketDto({ id: 100, status: 'open', userId: 7, queueId: 1 });

function setup() {
  const onTransferred = vi.fn();
  const onOpenChange = vi.fn();
  const utils = renderSignedIn(<TransferTicketModal ticket={ticket} isOpen onOpenChange={onOpenChange} onTransferred={onTransferred} />, {
    'GET /queue': () => json(200, [queueDto({ id: 1, name: 'Suporte' }), queueDto({ id: 2, name: 'Vendas' })]),
    'GET /whatsapp': () => json(200, [whatsappDto({ id: 3, name: 'Comercial' })]),
    'GET /users': (request) =>
      json(200, { users: new URL(request.url).searchParams.get('searchParam') === 'bru' ? [userDto({ id: 8, name: 'Bruno' })] : [], count: 1, hasMore: false }),
    'PUT /tickets/100': async (request) => json(200, { ...ticket, ...((await request.json()) as object) }),
  });
  return { ...utils, onTransferred, onOpenChange };
}

async function chooseQueue(name: string) {
  // The queue select opens once the queues are there (an empty list opened before would stay empty).
  await waitFor(() => expect(screen.getByRole('button', { name: /Fila/ })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: /Fila/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('transferPayload', () => {
  it('no user: pending without a user; a user: open for them; the connection only when chosen', () => {
    expect(transferPayload(2, null, null)).toEqual({ queueId: 2, userId: null, status: 'pending' });
    expect(transferPayload(2, 8, 3)).toEqual({ queueId: 2, userId: 8, status: 'open', whatsappId: 3 });
  });
});

describe('TransferTicketModal', () => {
  it('waits for a queue; without a user the ticket goes pending to that queue', async () => {
    const { api, onTransferred, onOpenChange } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Transferir Ticket' });
    expect(screen.getByRole('button', { name: 'Transferir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Fila/ })).toBeDisabled();
    await expectNoA11yViolations(dialog);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/queue')).toBe(true));
    await chooseQueue('Vendas');
    await userEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(onTransferred).toHaveBeenCalled());
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put!.body)).toEqual({ queueId: 2, userId: null, status: 'pending' });
    expect(onTransferred.mock.calls[0][0]).toMatchObject({ id: 100, queueId: 2, status: 'pending' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('searches users from 3 characters and transfers to the chosen one', async () => {
    const { api, onTransferred } = setup();
    await screen.findByRole('dialog');
    await chooseQueue('Suporte');
    const search = screen.getByRole('combobox', { name: 'Usuário' });
    await userEvent.type(search, 'br');
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/users')).toBe(false);
    await userEvent.type(search, 'u');
    await userEvent.click(await screen.findByRole('option', { name: 'Bruno' }, { timeout: 2000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(onTransferred).toHaveBeenCalled());
    expect(JSON.parse(api.calls.find((c) => c.method === 'PUT')!.body)).toEqual({ queueId: 1, userId: 8, status: 'open' });
  });

  it('shows a refused transfer as a toast and stays open', async () => {
    const onTransferred = vi.fn();
    renderSignedIn(<TransferTicketModal ticket={ticket} isOpen onOpenChange={vi.fn()} onTransferred={onTransferred} />, {
      'GET /queue': () => json(200, [queueDto({ id: 2, name: 'Vendas' })]),
      'GET /whatsapp': () => json(200, []),
      'PUT /tickets/100': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }),
    });
    await chooseQueue('Vendas');
    await userEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Transferir Ticket' })).toBeInTheDocument();
    expect(onTransferred).not.toHaveBeenCalled();
  });
});
