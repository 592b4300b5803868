import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, queueDto, ticketDto, whatsappDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { NewTicketModal } from './NewTicketModal';

const maria = contactDto({ id: 1, name: 'Maria', number: '5511999990001' });
const plainUser = { profile: 'user' as const, permissions: ['session:self' as const], queues: [{ id: 1, name: 'Suporte', color: '#000' }] };

function setup(extra: Routes = {}, user: Partial<Schema<'SessionUserDto'>> = plainUser) {
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  const utils = renderSignedIn(
    <NewTicketModal isOpen onOpenChange={onOpenChange} onCreated={onCreated} />,
    {
      'GET /contacts': (request) =>
        json(200, { contacts: new URL(request.url).searchParams.get('searchParam') === 'mar' ? [maria] : [], count: 1, hasMore: false }),
      'GET /queue': () => json(200, [queueDto({ id: 1, name: 'Suporte' }), queueDto({ id: 2, name: 'Vendas' })]),
      'GET /whatsapp': () => json(200, [whatsappDto({ id: 3, name: 'Comercial' })]),
      'POST /tickets': async (request) => json(201, ticketDto({ id: 500, status: 'open', ...((await request.json()) as object) })),
      ...extra,
    },
    user,
  );
  return { ...utils, onCreated, onOpenChange };
}

async function chooseContact(text = 'mar', option = 'Maria (5511999990001)') {
  await userEvent.type(screen.getByRole('combobox', { name: 'Contato' }), text);
  await userEvent.click(await screen.findByRole('option', { name: option }, { timeout: 2000 }));
}

describe('NewTicketModal', () => {
  it('a plain user must choose a queue; then POST /tickets opens it for them', async () => {
    const { api, onCreated, onOpenChange } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Criar Ticket' });
    await expectNoA11yViolations(dialog);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Selecione um contato com número')).toBeInTheDocument();
    await chooseContact();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Selecione uma fila')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /Fila/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST')!.body)).toEqual({ contactId: 1, queueId: 1, whatsappId: null, userId: 7, status: 'open' });
    expect(onCreated.mock.calls[0][0]).toMatchObject({ id: 500, status: 'open' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an admin may create without a queue', async () => {
    const { api, onCreated } = setup({}, {});
    await screen.findByRole('dialog');
    await chooseContact();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST')!.body)).toMatchObject({ contactId: 1, queueId: null });
  });

  it('with another open ticket of the contact, shows the error and stays open, flagged', async () => {
    const { onCreated } = setup({ 'POST /tickets': () => json(409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'Ticket 9 de Bruno' }) }, {});
    const dialog = await screen.findByRole('dialog');
    await chooseContact();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já existe um tíquete aberto para este contato.');
    expect(screen.getByRole('dialog', { name: 'Criar Ticket' })).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('offers to create an unknown contact, with the contact validations, then uses it', async () => {
    const { api } = setup({
      'POST /contacts': async (request) => json(201, contactDto({ id: 9, ...((await request.json()) as object) })),
    });
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByRole('combobox', { name: 'Contato' }), 'Zeca');
    expect(await screen.findByText('Nenhum resultado encontrado', {}, { timeout: 2000 })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar contato "Zeca"' }, { timeout: 2000 }));
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Zeca');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número' }), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar contato' }));
    expect(screen.getByText('Muito curto!')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Número' }), '5678');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar contato' }));
    expect(await screen.findByText('Zeca · 12345678')).toBeInTheDocument();
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST' && c.path === '/contacts')!.body)).toEqual({ name: 'Zeca', number: '12345678' });
  });
});
