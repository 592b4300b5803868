import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../client';
import { companyDto, contactDto, messageDto, queueDto, ticketDto, userDto, whatsappDto } from '../test/data-fixtures';
import { json, sessionUser } from '../test/provider-fakes';
import { useSession } from '../provider/context';
import { renderSignedIn, type Routes } from '../test/signed-in';
import { useMessages, useSendMessage } from '../features/chat';
import { useTickets } from '../features/tickets';
import { useUsers } from '../features/admin/users';
import { useQueues } from '../features/admin/queues';
import { useWhatsapps } from '../features/connections';
import type { TicketFilters } from './query-keys';

function TicketList({ label, filters }: { label: string; filters: TicketFilters }) {
  const { data } = useTickets(filters);
  return (
    <ul aria-label={label}>
      {data?.items.map((t) => (
        <li key={t.id}>
          {t.contact.name}: {t.lastMessage} ({t.unreadMessages})
        </li>
      ))}
    </ul>
  );
}

function Chat({ ticketId }: { ticketId: number }) {
  const { data } = useMessages(ticketId);
  return (
    <ol aria-label="Mensagens">
      {data?.items.map((m) => (
        <li key={m.id}>{m.body}</li>
      ))}
    </ol>
  );
}

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

const page = (tickets: Schema<'TicketDto'>[]) => json(200, { tickets, count: tickets.length, hasMore: false, counts: { open: 0, pending: 0 } });

describe('useRealtimeCache: tickets and messages', () => {
  const maria = contactDto({ id: 1, name: 'Maria' });
  const joao = contactDto({ id: 2, name: 'João' });
  const waiting = ticketDto({ id: 100, status: 'pending', queueId: 1, contact: maria, contactId: 1, unreadMessages: 1 });
  const mine = ticketDto({ id: 200, status: 'open', userId: 7, queueId: 1, contact: joao, contactId: 2, lastMessage: 'Bom dia' });
  const routes: Routes = {
    'GET /tickets': (request) => page(new URL(request.url).searchParams.get('status') === 'pending' ? [waiting] : [mine]),
    'GET /messages/100': () => json(200, { messages: [messageDto({ id: '1', body: 'Oi' })], count: 1, hasMore: false, ticket: waiting }),
  };
  const ui = (
    <>
      <TicketList label="Aguardando" filters={{ status: 'pending' }} />
      <TicketList label="Atendendo" filters={{ status: 'open' }} />
      <Chat ticketId={100} />
    </>
  );

  it('moves an accepted ticket from the pending list to the open list', async () => {
    const { emit } = renderSignedIn(ui, routes);
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)']));
    expect(items('Atendendo')).toEqual(['João: Bom dia (0)']);

    emit('ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 7 } });
    await waitFor(() => expect(items('Atendendo')).toEqual(['Maria: Oi (1)', 'João: Bom dia (0)']));
    expect(items('Aguardando')).toEqual([]);
  });

  it('keeps another attendant’s open ticket out of the open list of a user without showall', async () => {
    const { emit } = renderSignedIn(ui, routes, { permissions: ['session:self'], queues: [{ id: 1, name: 'Suporte', color: '#000' }] });
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)']));
    emit('ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 8 } });
    await waitFor(() => expect(items('Aguardando')).toEqual([]));
    expect(items('Atendendo')).toEqual(['João: Bom dia (0)']);
  });

  it('appends a new message once, and brings its ticket to the top of its list', async () => {
    const { emit } = renderSignedIn(ui, routes);
    await waitFor(() => expect(items('Mensagens')).toEqual(['Oi']));
    emit('ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 7, updatedAt: '2026-01-02T00:00:00.000Z' } });
    await waitFor(() => expect(items('Atendendo')).toEqual(['Maria: Oi (1)', 'João: Bom dia (0)']));

    const message = messageDto({ id: '2', ticketId: 200, body: 'Preciso de ajuda' });
    const event = { action: 'create', message, ticket: { ...mine, lastMessage: 'Preciso de ajuda', unreadMessages: 1 }, contact: joao };
    emit('appMessage', event);
    emit('appMessage', event);
    await waitFor(() => expect(items('Atendendo')).toEqual(['João: Preciso de ajuda (1)', 'Maria: Oi (1)']));

    const reply = messageDto({ id: '3', ticketId: 100, body: 'Já vou ver', fromMe: true });
    emit('appMessage', { action: 'create', message: reply, ticket: { ...waiting, status: 'open', userId: 7, lastMessage: 'Já vou ver' }, contact: maria });
    emit('appMessage', { action: 'create', message: reply, ticket: { ...waiting, status: 'open', userId: 7, lastMessage: 'Já vou ver' }, contact: maria });
    await waitFor(() => expect(items('Mensagens')).toEqual(['Oi', 'Já vou ver']));
    expect(items('Atendendo')).toEqual(['Maria: Já vou ver (1)', 'João: Preciso de ajuda (1)']);

    emit('appMessage', { action: 'update', message: { ...reply, body: 'Já vou verificar', isEdited: true }, ticket: waiting, contact: maria });
    await waitFor(() => expect(items('Mensagens')).toEqual(['Oi', 'Já vou verificar']));
  });

  it('keeps a message and a ticket that arrive while their lists are still reading (the answer predates them)', async () => {
    const answers: Array<() => void> = [];
    const later = (response: () => Response) => new Promise<Response>((resolve) => answers.push(() => resolve(response())));
    const reply = messageDto({ id: '3', ticketId: 100, body: 'Já vou ver', fromMe: true });
    const accepted = { ...waiting, status: 'open', userId: 7, lastMessage: 'Já vou ver', updatedAt: '2026-01-02T00:00:00.000Z' };
    const { emit } = renderSignedIn(ui, {
      'GET /tickets': (request) => later(() => routes['GET /tickets'](request) as Response),
      'GET /messages/100': () => later(() => routes['GET /messages/100'](new Request('http://x/messages/100')) as Response),
    });
    await waitFor(() => expect(answers).toHaveLength(3));
    emit('appMessage', { action: 'create', message: reply, ticket: accepted, contact: maria });
    for (const answer of answers) answer();
    await waitFor(() => expect(items('Mensagens')).toEqual(['Oi', 'Já vou ver']));
    await waitFor(() => expect(items('Atendendo')).toEqual(['Maria: Já vou ver (1)', 'João: Bom dia (0)']));
    expect(items('Aguardando')).toEqual([]);
  });

  it('zeroes the unread counter, removes on delete and removeFromList, and renames the contact in its tickets', async () => {
    const { emit } = renderSignedIn(ui, routes);
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)']));
    emit('ticket', { action: 'updateUnread', ticketId: 100 });
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (0)']));
    emit('contact', { action: 'update', contact: { ...maria, name: 'Maria Souza' } });
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria Souza: Oi (0)']));
    emit('ticket', { action: 'removeFromList', ticketId: 100 });
    await waitFor(() => expect(items('Aguardando')).toEqual([]));
    emit('ticket', { action: 'delete', ticketId: 200 });
    await waitFor(() => expect(items('Atendendo')).toEqual([]));
  });

  it('keeps the ack the socket brought when the send answer (ack 0) lands after it', async () => {
    function Acks() {
      const { data } = useMessages(100);
      const send = useSendMessage(100);
      return (
        <>
          <button onClick={() => send.mutate({ body: 'Já vou ver' })}>Enviar</button>
          <ol aria-label="Acks">
            {data?.items.map((m) => (
              <li key={m.id}>
                {m.body} {m.ack}
              </li>
            ))}
          </ol>
        </>
      );
    }
    const sent = messageDto({ id: '3', ticketId: 100, body: 'Já vou ver', fromMe: true, ack: 0 });
    let answer: () => void = () => undefined;
    const { emit } = renderSignedIn(<Acks />, {
      ...routes,
      'POST /messages/100': () => new Promise<Response>((resolve) => (answer = () => resolve(json(200, { messages: [sent] })))),
    });
    await waitFor(() => expect(items('Acks')).toEqual(['Oi 0']));
    screen.getByRole('button', { name: 'Enviar' }).click();
    await waitFor(() => expect(answer).not.toBe(undefined));
    const later = '2026-01-01T00:00:05.000Z';
    emit('appMessage', { action: 'create', message: { ...sent, ack: 1, updatedAt: later }, ticket: waiting, contact: maria });
    emit('appMessage', { action: 'update', message: { ...sent, ack: 3, updatedAt: later }, ticket: waiting, contact: maria });
    await waitFor(() => expect(items('Acks')).toEqual(['Oi 0', 'Já vou ver 3']));
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(items('Acks')).toEqual(['Oi 0', 'Já vou ver 3']);
  });

  it('reads again, at each (re)connect, what it read before the socket was in its rooms', async () => {
    let pending = [waiting];
    const { socket, api } = renderSignedIn(ui, {
      ...routes,
      'GET /tickets': (request) => (new URL(request.url).searchParams.get('status') === 'pending' ? page(pending) : page([mine])),
    });
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)']));
    // While the socket was away (an outage, or the page still connecting) a customer wrote in: no event reached here.
    pending = [waiting, ticketDto({ id: 101, status: 'pending', queueId: 1, contact: joao, contactId: 2, lastMessage: 'Olá', unreadMessages: 1 })];
    socket().connected = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(items('Aguardando')).toEqual(['Maria: Oi (1)']);
    const before = api.calls.length;
    socket().connected = true;
    socket().serverEmit('connect', undefined);
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)', 'João: Olá (1)']));
    expect(api.calls.slice(before).map((c) => c.path.split('?')[0])).toEqual(expect.arrayContaining(['/tickets', '/messages/100']));
  });

  it('logs a payload of another shape instead of breaking the socket', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { emit } = renderSignedIn(ui, routes);
    await waitFor(() => expect(items('Aguardando')).toEqual(['Maria: Oi (1)']));
    emit('appMessage', { action: 'create' });
    expect(error).toHaveBeenCalledWith('atende: company-3-appMessage not applied to the cache', expect.any(TypeError));
    expect(items('Aguardando')).toEqual(['Maria: Oi (1)']);
  });
});

describe('useRealtimeCache: entities', () => {
  function Admin() {
    const queues = useQueues();
    const users = useUsers();
    const whatsapps = useWhatsapps();
    return (
      <>
        <ul aria-label="Filas">
          {queues.data?.map((q) => (
            <li key={q.id}>{q.name}</li>
          ))}
        </ul>
        <ul aria-label="Usuários">
          {users.data?.items.map((u) => (
            <li key={u.id}>{u.name}</li>
          ))}
        </ul>
        <ul aria-label="Conexões">
          {whatsapps.data?.map((w) => (
            <li key={w.id}>
              {w.name} {w.status}
            </li>
          ))}
        </ul>
      </>
    );
  }
  const routes: Routes = {
    'GET /queue': () => json(200, [queueDto({ id: 1, name: 'Suporte', orderQueue: 1 }), queueDto({ id: 2, name: 'Vendas', orderQueue: 2 })]),
    'GET /users': () => json(200, { users: [userDto({ id: 7, name: 'Ana' }), userDto({ id: 9, name: 'Caio' })], count: 2, hasMore: false }),
    'GET /whatsapp': () => json(200, [whatsappDto({ id: 1, name: 'Comercial', status: 'CONNECTED' })]),
  };

  it('adds, replaces and removes queues, users and connections by id', async () => {
    const { emit } = renderSignedIn(<Admin />, routes);
    await waitFor(() => expect(items('Filas')).toEqual(['Suporte', 'Vendas']));
    await waitFor(() => expect(items('Usuários')).toEqual(['Ana', 'Caio']));
    await waitFor(() => expect(items('Conexões')).toEqual(['Comercial CONNECTED']));

    emit('queue', { action: 'create', queue: queueDto({ id: 3, name: 'Financeiro', orderQueue: 0 }) });
    emit('queue', { action: 'update', queue: queueDto({ id: 2, name: 'Vendas B2B', orderQueue: 2 }) });
    emit('queue', { action: 'delete', queueId: 1 });
    await waitFor(() => expect(items('Filas')).toEqual(['Financeiro', 'Vendas B2B']));

    emit('user', { action: 'create', user: userDto({ id: 8, name: 'Bia' }) });
    emit('user', { action: 'delete', userId: 7 });
    await waitFor(() => expect(items('Usuários')).toEqual(['Bia', 'Caio']));

    emit('whatsappSession', { action: 'update', session: whatsappDto({ id: 1, name: 'Comercial', status: 'qrcode' }) });
    emit('whatsapp', { action: 'update', whatsapp: whatsappDto({ id: 2, name: 'Atendimento', status: 'OPENING' }) });
    await waitFor(() => expect(items('Conexões')).toEqual(['Atendimento OPENING', 'Comercial qrcode']));
    emit('whatsapp', { action: 'delete', whatsappId: 1 });
    await waitFor(() => expect(items('Conexões')).toEqual(['Atendimento OPENING']));
  });

  it('keeps two providers on one page independent', async () => {
    const first = renderSignedIn(
      <section aria-label="A">
        <Admin />
      </section>,
      routes,
    );
    const second = renderSignedIn(
      <section aria-label="B">
        <Admin />
      </section>,
      routes,
    );
    const filas = (region: string) =>
      within(within(screen.getByRole('region', { name: region })).getByRole('list', { name: 'Filas' }))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() => expect(filas('A')).toEqual(['Suporte', 'Vendas']));
    await waitFor(() => expect(filas('B')).toEqual(['Suporte', 'Vendas']));
    expect(first.socket()).not.toBe(second.socket());

    first.emit('queue', { action: 'delete', queueId: 1 });
    await waitFor(() => expect(filas('A')).toEqual(['Vendas']));
    expect(filas('B')).toEqual(['Suporte', 'Vendas']);
    expect(first.probe.queryClient).not.toBe(second.probe.queryClient);
  });

  it('listens to the session’s company only', async () => {
    const { socket } = renderSignedIn(<Admin />, routes);
    await waitFor(() => expect(socket().listeners('company-3-ticket')).toHaveLength(1));
    expect(socket().listeners('company-4-ticket')).toHaveLength(0);
  });
});

describe('useRealtimeCache: the session follows its own company', () => {
  function DueDate() {
    const { user } = useSession();
    return (
      <p>
        vence {user?.company.dueDate ?? '-'}, {user?.company.subscriptionExpired ? 'vencida' : 'em dia'}
      </p>
    );
  }

  it("takes an update of its own company (a super user's '+ Vencimento', a payment) at once, then the whole session again", async () => {
    const fresh = sessionUser({ permissions: ['session:self'] });
    const routes: Routes = {
      'GET /auth/me': () => json(200, { ...fresh, company: { ...fresh.company, dueDate: '2027-02-10', subscriptionExpired: false } }),
    };
    const { emit, api } = renderSignedIn(<DueDate />, routes, { company: { ...fresh.company, dueDate: '2026-11-01', subscriptionExpired: true } });
    expect(screen.getByText('vence 2026-11-01, vencida')).toBeInTheDocument();
    emit('company', { action: 'update', company: companyDto({ id: 99, dueDate: '2030-01-01' }) });
    expect(api.calls.some((c) => c.path === '/auth/me')).toBe(false);
    emit('company', { action: 'update', company: companyDto({ id: 3, dueDate: '2027-02-10' }) });
    await waitFor(() => expect(screen.getByText('vence 2027-02-10, em dia')).toBeInTheDocument());
    expect(api.calls.filter((c) => c.path === '/auth/me')).toHaveLength(1);
    // The same company again (the payment's own copy, a repeated event): the session already has it.
    const same = companyDto({
      id: 3,
      dueDate: '2027-02-10',
      planId: fresh.company.plan?.id,
      status: fresh.company.status,
      trialExpiration: fresh.company.trialExpiration,
    });
    emit('company', { action: 'update', company: same });
    emit('company', { action: 'update', company: same });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls.filter((c) => c.path === '/auth/me')).toHaveLength(1);
  });
});
