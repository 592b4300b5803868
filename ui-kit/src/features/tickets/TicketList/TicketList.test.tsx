import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, messageDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { TicketList, ticketListFilters } from './TicketList';

const page = (tickets: Schema<'TicketDto'>[], hasMore = false) => json(200, { tickets, count: tickets.length, hasMore, counts: { open: 1, pending: 1 } });

const maria = contactDto({ id: 1, name: 'Maria' });
const joao = contactDto({ id: 2, name: 'João' });
const waiting = ticketDto({
  id: 100,
  uuid: 'u-100',
  status: 'pending',
  queueId: 1,
  queue: { id: 1, name: 'Suporte', color: '#7C4DFF' },
  contact: maria,
  contactId: 1,
  unreadMessages: 2,
});
const mine = ticketDto({ id: 200, uuid: 'u-200', status: 'open', userId: 7, queueId: 1, contact: joao, contactId: 2, lastMessage: 'Bom dia' });

const routes = (extra: Routes = {}): Routes => ({
  'GET /tickets': (request) => page(new URL(request.url).searchParams.get('status') === 'pending' ? [waiting] : [mine]),
  ...extra,
});

/** The contacts a list shows, top first ([] for the no-tickets state). */
function names(listName = 'Aguardando') {
  const list = screen.queryByRole('list', { name: listName });
  if (!list) return [];
  return within(list)
    .queryAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0].getAttribute('aria-label'));
}

function renderList(extra: Routes = {}, props: Partial<Parameters<typeof TicketList>[0]> = {}, user = {}) {
  const onSelectTicket = vi.fn();
  const utils = renderSignedIn(
    <>
      <TicketList status="pending" filters={{ queueIds: [1] }} onSelectTicket={onSelectTicket} aria-label="Aguardando" {...props} />
      <TicketList status="open" filters={{ showAll: true, queueIds: [1] }} onSelectTicket={onSelectTicket} aria-label="Atendendo" />
    </>,
    routes(extra),
    user,
  );
  return { ...utils, onSelectTicket };
}

describe('ticketListFilters', () => {
  it('turns the list filters into GET /tickets parameters, leaving empty ones out', () => {
    expect(
      ticketListFilters('open', { showAll: true, queueIds: [2, 1], searchParam: '  ', tags: [], users: [3], isGroup: false, withUnreadMessages: false }),
    ).toEqual({
      status: 'open',
      showAll: 'true',
      queueIds: [1, 2],
      users: [3],
      isGroup: 'false',
    });
    expect(ticketListFilters(undefined, { searchParam: ' ana ' })).toEqual({ searchParam: 'ana' });
  });
});

describe('TicketList', () => {
  it('lists the tickets of its status with the query the API reads', async () => {
    const queries: Record<string, string>[] = [];
    const { container } = renderList({
      'GET /tickets': (request) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(params);
        return page(params.status === 'pending' ? [waiting] : [mine]);
      },
    });
    await waitFor(() => expect(names()).toEqual(['Maria']));
    expect(queries).toContainEqual({ status: 'pending', queueIds: '[1]', pageNumber: '1' });
    expect(queries).toContainEqual({ status: 'open', showAll: 'true', queueIds: '[1]', pageNumber: '1' });
    await expectNoA11yViolations(container);
  });

  it('live: an update that still matches replaces the entry; one that no longer matches removes it', async () => {
    const { emit } = renderList();
    await waitFor(() => expect(names()).toEqual(['Maria']));
    emit('ticket', { action: 'update', ticket: { ...waiting, lastMessage: 'Alguém aí?' } });
    await waitFor(() => expect(screen.getByText('Alguém aí?')).toBeInTheDocument());
    // Another queue than the list's filter: out.
    emit('ticket', { action: 'update', ticket: { ...waiting, queueId: 9, queue: { id: 9, name: 'Vendas', color: '#000' } } });
    await waitFor(() => expect(names()).toEqual([]));
    // Accepted by me: into the open list.
    emit('ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 7 } });
    await waitFor(() => expect(names('Atendendo')).toEqual(['Maria', 'João']));
  });

  it('live: delete removes, updateUnread clears the badge, a new message moves the ticket to the top', async () => {
    const { emit } = renderList();
    await waitFor(() => expect(screen.getByText('2 mensagens não lidas')).toBeInTheDocument());
    emit('ticket', { action: 'updateUnread', ticketId: 100 });
    await waitFor(() => expect(screen.queryByText('2 mensagens não lidas')).not.toBeInTheDocument());

    emit('ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 7, unreadMessages: 0 } });
    await waitFor(() => expect(names('Atendendo')).toEqual(['Maria', 'João']));
    const message = messageDto({ id: '9', ticketId: 200, body: 'Chegou?' });
    emit('appMessage', { action: 'create', message, ticket: { ...mine, lastMessage: 'Chegou?', unreadMessages: 1 }, contact: joao });
    await waitFor(() => expect(names('Atendendo')).toEqual(['João', 'Maria']));
    expect(screen.getByText('Chegou?')).toBeInTheDocument();

    emit('ticket', { action: 'delete', ticketId: 200 });
    await waitFor(() => expect(names('Atendendo')).toEqual(['Maria']));
  });

  it('a plain user loses a ticket moved to a queue that is not theirs', async () => {
    const { emit } = renderList({}, {}, { permissions: ['session:self'], profile: 'user', queues: [{ id: 1, name: 'Suporte', color: '#000' }] });
    await waitFor(() => expect(names()).toEqual(['Maria']));
    emit('ticket', { action: 'update', ticket: { ...waiting, queueId: 2 } });
    await waitFor(() => expect(names()).toEqual([]));
  });

  it('accept puts the ticket open for me and selects it; it leaves the pending list', async () => {
    const accepted = { ...waiting, status: 'open' as const, userId: 7, user: { id: 7, name: 'Ana' } };
    const { api, onSelectTicket } = renderList({ 'PUT /tickets/100': () => json(200, accepted) });
    await waitFor(() => expect(names()).toEqual(['Maria']));
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar: Maria' }));
    await waitFor(() => expect(onSelectTicket).toHaveBeenCalledWith(accepted));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put!.body)).toEqual({ status: 'open', userId: 7 });
    await waitFor(() => expect(names()).toEqual([]));
    expect(names('Atendendo')).toEqual(['Maria', 'João']);
  });

  it('opens an open ticket by click, and a pending one (read only, in the chat)', async () => {
    const { onSelectTicket } = renderList();
    await waitFor(() => expect(names('Atendendo')).toEqual(['João']));
    await userEvent.click(screen.getByRole('button', { name: 'Maria' }));
    expect(onSelectTicket).toHaveBeenCalledWith(waiting);
    await userEvent.click(screen.getByRole('button', { name: 'João' }));
    expect(onSelectTicket).toHaveBeenCalledWith(mine);
  });

  it('puts the user’s pinned tickets first (a pinned one past the loaded pages too) and pins from the row menu, live', async () => {
    const other = ticketDto({ id: 300, uuid: 'u-300', status: 'pending', queueId: 1, contact: contactDto({ id: 3, name: 'Pedro' }), contactId: 3 });
    const far = ticketDto({ id: 400, uuid: 'u-400', status: 'pending', queueId: 1, contact: contactDto({ id: 4, name: 'Lia' }), contactId: 4 });
    const puts: unknown[] = [];
    const { emit } = renderList({
      'GET /tickets': (request) => page(new URL(request.url).searchParams.get('status') === 'pending' ? [waiting, other] : [mine]),
      'GET /tickets/marks': () => json(200, [{ ticketId: 400, pinned: true, pinnedAt: '2026-01-01T10:00:00.000Z', unread: false }]),
      'GET /tickets/400': () => json(200, far),
      'PUT /tickets/300/marks': async (request) => {
        puts.push(await request.json());
        return json(200, { ticketId: 300, pinned: true, pinnedAt: '2026-01-02T10:00:00.000Z', unread: false });
      },
    });
    await waitFor(() => expect(names()).toEqual(['Lia', 'Maria', 'Pedro']));
    await userEvent.click(screen.getByRole('button', { name: 'Opções do atendimento: Pedro' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fixar no topo' }));
    await waitFor(() => expect(names()).toEqual(['Pedro', 'Lia', 'Maria']));
    expect(puts).toEqual([{ pinned: true }]);
    // Another tab of the same user unpins Lia: this one follows.
    emit('ticketMark', { action: 'update', mark: { ticketId: 400, pinned: false, pinnedAt: null, unread: false } });
    await waitFor(() => expect(names()).toEqual(['Pedro', 'Maria']));
  });

  it('shows a failed change as a toast, with its error translated', async () => {
    const { onSelectTicket } = renderList({ 'PUT /tickets/100': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) });
    await waitFor(() => expect(names()).toEqual(['Maria']));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar: Maria' }));
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    expect(onSelectTicket).not.toHaveBeenCalled();
    expect(names()).toEqual(['Maria']);
  });

  it('hides tickets without a queue when "Sem fila" is not chosen', async () => {
    const noQueue = ticketDto({ id: 101, status: 'pending', contact: contactDto({ id: 3, name: 'Pedro' }), contactId: 3 });
    renderList({ 'GET /tickets': () => page([waiting, noQueue]) }, { withoutQueue: false });
    await waitFor(() => expect(names()).toEqual(['Maria']));
  });

  it('loads the next page with pageNumber 2 when there is more', async () => {
    const second = ticketDto({ id: 102, status: 'pending', contact: contactDto({ id: 4, name: 'Lia' }), contactId: 4 });
    const { api } = renderList({
      'GET /tickets': (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('status') !== 'pending') return page([]);
        return params.get('pageNumber') === '2' ? page([second]) : page([waiting], true);
      },
    });
    // jsdom lays nothing out: the first page "does not fill" the list, so the next one is asked for.
    await waitFor(() => expect(names()).toEqual(['Maria', 'Lia']));
    expect(api.calls.filter((c) => c.path === '/tickets').length).toBeGreaterThanOrEqual(3);
  });
});
