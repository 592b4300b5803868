import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../client';
import { contactDto, messageDto, ticketDto } from '../test/data-fixtures';
import { json } from '../test/provider-fakes';
import { renderSignedIn, type Routes } from '../test/signed-in';
import { useUpdateTicket } from './mutations';
import { useMessages, useTicket, useTickets } from './queries';
import { atendeKeys } from './query-keys';

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('atendeKeys', () => {
  it('nests keys so that invalidating a prefix reaches everything below it, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      atendeKeys.tickets.list({ status: 'open' }),
      atendeKeys.tickets.list({}, 'groups'),
      atendeKeys.tickets.detail(1),
      atendeKeys.tickets.messages(1),
      atendeKeys.users.list({ searchParam: 'ana' }),
      atendeKeys.users.listAll(),
      atendeKeys.queues.list(),
    ];
    for (const key of keys) client.setQueryData(key, []);
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => `${String(key[1])}.${String(key[2])}`);

    await client.invalidateQueries({ queryKey: atendeKeys.tickets.lists() });
    expect(stale()).toEqual(['tickets.list', 'tickets.list']);
    await client.invalidateQueries({ queryKey: atendeKeys.tickets.all() });
    expect(stale()).toEqual(['tickets.list', 'tickets.list', 'tickets.detail', 'tickets.messages']);
    await client.invalidateQueries({ queryKey: atendeKeys.users.all() });
    expect(stale()).not.toContain('queues.list');
    expect(stale()).toContain('users.list-all');
  });
});

describe('query hooks', () => {
  it('useTickets sends the filters as the API reads them and loads page after page, each ticket once', async () => {
    const a = ticketDto({ id: 1, contact: contactDto({ name: 'Ana' }) });
    const b = ticketDto({ id: 2, contact: contactDto({ name: 'Bruno' }) });
    const c = ticketDto({ id: 3, contact: contactDto({ name: 'Carla' }) });
    const queries: URLSearchParams[] = [];
    const routes: Routes = {
      // Page 2 repeats b: a new ticket shifted the offsets between the two fetches.
      'GET /tickets': (request) =>
        queries.push(new URL(request.url).searchParams) === 1
          ? json(200, { tickets: [a, b], count: 3, hasMore: true, counts: { open: 1, pending: 2 } })
          : json(200, { tickets: [b, c], count: 3, hasMore: false, counts: { open: 1, pending: 2 } }),
    };
    function Inbox() {
      const tickets = useTickets({ status: 'pending', queueIds: [1, 2], showAll: 'true' });
      return (
        <>
          <ul aria-label="Tickets">
            {tickets.data?.items.map((t) => (
              <li key={t.id}>{t.contact.name}</li>
            ))}
          </ul>
          <p>
            {tickets.data?.count} no total, {tickets.data?.counts.pending} aguardando
          </p>
          {tickets.hasNextPage && <button onClick={() => void tickets.fetchNextPage()}>Mais</button>}
        </>
      );
    }
    renderSignedIn(<Inbox />, routes);
    await waitFor(() => expect(items('Tickets')).toEqual(['Ana', 'Bruno']));
    expect(screen.getByText('3 no total, 2 aguardando')).toBeInTheDocument();
    expect(Object.fromEntries(queries[0])).toEqual({ status: 'pending', queueIds: '[1,2]', showAll: 'true', pageNumber: '1' });

    await userEvent.click(screen.getByRole('button', { name: 'Mais' }));
    await waitFor(() => expect(items('Tickets')).toEqual(['Ana', 'Bruno', 'Carla']));
    expect(queries[1].get('pageNumber')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Mais' })).not.toBeInTheDocument();
  });

  it('useTickets with the groups route reads GET /tickets/groups', async () => {
    const routes: Routes = {
      'GET /tickets/groups': () => json(200, { tickets: [ticketDto({ isGroup: true })], count: 1, hasMore: false, counts: { open: 0, pending: 1 } }),
    };
    function Groups() {
      const tickets = useTickets({}, { route: 'groups' });
      return <p>{tickets.data ? `${tickets.data.items.length} grupo` : 'carregando'}</p>;
    }
    renderSignedIn(<Groups />, routes);
    expect(await screen.findByText('1 grupo')).toBeInTheDocument();
  });

  it('useMessages lists a ticket’s messages oldest first, older pages before newer ones', async () => {
    const ticket = ticketDto({ id: 5 });
    const routes: Routes = {
      'GET /messages/5': (request) =>
        new URL(request.url).searchParams.get('pageNumber') === '1'
          ? json(200, { messages: [messageDto({ id: '3', body: 'três' }), messageDto({ id: '4', body: 'quatro' })], count: 4, hasMore: true, ticket })
          : json(200, { messages: [messageDto({ id: '1', body: 'um' }), messageDto({ id: '2', body: 'dois' })], count: 4, hasMore: false, ticket }),
    };
    function Chat() {
      const messages = useMessages(5);
      return (
        <>
          <ol aria-label="Mensagens">
            {messages.data?.items.map((m) => (
              <li key={m.id}>{m.body}</li>
            ))}
          </ol>
          <button onClick={() => void messages.fetchNextPage()}>Anteriores</button>
        </>
      );
    }
    renderSignedIn(<Chat />, routes);
    await waitFor(() => expect(items('Mensagens')).toEqual(['três', 'quatro']));
    await userEvent.click(screen.getByRole('button', { name: 'Anteriores' }));
    await waitFor(() => expect(items('Mensagens')).toEqual(['um', 'dois', 'três', 'quatro']));
  });
});

describe('mutation hooks', () => {
  it('useUpdateTicket writes the answer into the ticket’s queries and moves it between lists, before any socket event', async () => {
    const ticket = ticketDto({ id: 100, status: 'pending', contact: contactDto({ name: 'Maria' }) });
    let body: unknown;
    const routes: Routes = {
      'GET /tickets': (request) =>
        json(200, {
          tickets: new URL(request.url).searchParams.get('status') === 'pending' ? [ticket] : [],
          count: 1,
          hasMore: false,
          counts: { open: 0, pending: 1 },
        }),
      'GET /tickets/100': () => json(200, ticket),
      'PUT /tickets/100': async (request) => {
        body = await request.json();
        return json(200, { ...ticket, status: 'closed' } satisfies Schema<'TicketDto'>);
      },
    };
    function Screen() {
      const pending = useTickets({ status: 'pending' });
      const closed = useTickets({ status: 'closed' });
      const detail = useTicket(100);
      const update = useUpdateTicket();
      return (
        <>
          <p>Status: {detail.data?.status}</p>
          <ul aria-label="Aguardando">
            {pending.data?.items.map((t) => (
              <li key={t.id}>{t.contact.name}</li>
            ))}
          </ul>
          <ul aria-label="Resolvidos">
            {closed.data?.items.map((t) => (
              <li key={t.id}>{t.contact.name}</li>
            ))}
          </ul>
          <button onClick={() => update.mutate({ id: 100, body: { status: 'closed' } })}>Resolver</button>
        </>
      );
    }
    renderSignedIn(<Screen />, routes);
    expect(await screen.findByText('Status: pending')).toBeInTheDocument();
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria']));
    await userEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(await screen.findByText('Status: closed')).toBeInTheDocument();
    expect(body).toEqual({ status: 'closed' });
    await waitFor(() => expect(items('Resolvidos')).toEqual(['Maria']));
    expect(items('Aguardando')).toEqual([]);
  });
});
