import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { useTicket, useTickets, useUpdateTicket } from './tickets';

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

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
