import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { createMemoryStorage } from '../../../provider/storage';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, messageDto, queueDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { conversation, setupChatLayout } from '../chat-test-utils';
import { AUDIO_RATE_KEY } from '../message-format';
import { TicketChat, type TicketChatProps } from './TicketChat';

// The composer and the contact drawer are another helper's components: stand-ins show what they receive.
vi.mock('../Composer/Composer', () => ({
  Composer: ({ replyTo, editing, onCancelReply }: { replyTo: { body: string } | null; editing: { body: string } | null; onCancelReply: () => void }) => (
    <div data-testid="composer">
      {replyTo && `respondendo: ${replyTo.body}`}
      {editing && `editando: ${editing.body}`}
      {replyTo && (
        <button type="button" onClick={onCancelReply}>
          cancelar resposta
        </button>
      )}
    </div>
  ),
}));
vi.mock('../ContactDrawer/ContactDrawer', () => ({
  ContactDrawer: ({ ticket, isOpen }: { ticket: { contact: { name: string } }; isOpen: boolean }) =>
    isOpen ? <div>gaveta de {ticket.contact.name}</div> : null,
}));

setupChatLayout();

const UUID = '00000000-0000-4000-8000-000000000100';
type Ticket = Schema<'TicketDto'>;
type Message = Schema<'MessageDto'>;

function page(messages: Message[], ticket: Ticket, hasMore = false) {
  return json(200, { messages, ticket, count: messages.length, hasMore });
}

function setup({
  ticket = ticketDto({ id: 100, status: 'open', userId: 7, user: { id: 7, name: 'Ana' }, contact: contactDto({ name: 'Maria Souza' }) }),
  messages = conversation(3),
  routes = {},
  user = {},
  props = {},
}: {
  ticket?: Ticket;
  messages?: Message[];
  routes?: Routes;
  user?: Parameters<typeof renderSignedIn>[2];
  props?: Partial<TicketChatProps>;
} = {}) {
  const onLeave = vi.fn();
  const onAccepted = vi.fn();
  const view = renderSignedIn(
    <TicketChat ticketUuid={UUID} onLeave={onLeave} onAccepted={onAccepted} {...props} />,
    {
      [`GET /tickets/u/${UUID}`]: () => json(200, ticket),
      'GET /messages/100': () => page(messages, ticket),
      ...routes,
    },
    user,
  );
  return { ...view, onLeave, onAccepted, ticket };
}

const history = () => screen.findByRole('log', { name: 'Histórico de mensagens' });

describe('TicketChat', () => {
  it('loads the ticket by uuid, then its messages, and joins its socket room', async () => {
    const view = setup();
    await history();
    expect(screen.getByText('Mensagem 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dados do contato' })).toHaveTextContent('Maria Souza');
    expect(screen.getByText('Atribuído a Ana')).toBeInTheDocument();
    expect(view.api.calls.map((c) => c.path)).toEqual(expect.arrayContaining([`/tickets/u/${UUID}`, '/messages/100']));
    expect(view.socket().emitted).toContainEqual(['joinChatBox', 100]);

    // A reconnection joins the room again.
    view.socket().serverEmit('connect', undefined);
    expect(view.socket().emitted.filter(([event]) => event === 'joinChatBox')).toHaveLength(2);
    await expectNoA11yViolations(view.container);
  });

  it('shows the empty-chat placeholder for a ticket without messages', async () => {
    setup({ messages: [] });
    expect(await screen.findByText('Diga olá para seu novo contato!')).toBeInTheDocument();
  });

  it("leaves with 'forbidden' when the user may not see the ticket (canViewTicket)", async () => {
    const { onLeave } = setup({
      ticket: ticketDto({ id: 100, status: 'open', queueId: 5, userId: 99 }),
      user: { profile: 'user', permissions: ['session:self'], queues: [{ id: 1, name: 'Suporte', color: '#000' }] },
    });
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('forbidden'));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it("leaves with 'forbidden' when the API answers ERR_NO_PERMISSION", async () => {
    const { onLeave } = setup({ routes: { [`GET /tickets/u/${UUID}`]: () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) } });
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('forbidden'));
  });

  it('shows an error for a ticket that does not exist, without leaving', async () => {
    const { onLeave } = setup({ routes: { [`GET /tickets/u/${UUID}`]: () => json(404, { error: 'ERR_NO_TICKET_FOUND', message: 'no' }) } });
    expect(await screen.findByText('Não foi possível abrir este atendimento.')).toBeInTheDocument();
    expect(onLeave).not.toHaveBeenCalled();
  });

  it("leaves with 'deleted' when the ticket is deleted live, and only for this ticket", async () => {
    const view = setup();
    await history();
    view.emit('ticket', { action: 'delete', ticketId: 555 });
    expect(view.onLeave).not.toHaveBeenCalled();
    view.emit('ticket', { action: 'delete', ticketId: 100 });
    expect(view.onLeave).toHaveBeenCalledWith('deleted');
    view.emit('ticket', { action: 'delete', ticketId: 100 });
    expect(view.onLeave).toHaveBeenCalledTimes(1);
  });

  it('replaces the ticket on a live update', async () => {
    const view = setup({ ticket: ticketDto({ id: 100, status: 'pending' }) });
    await history();
    expect(screen.getAllByRole('button', { name: 'Aceitar' })).toHaveLength(2);
    view.emit('ticket', { action: 'update', ticket: ticketDto({ id: 100, status: 'open', userId: 8, user: { id: 8, name: 'Bruno' } }) });
    await waitFor(() => expect(screen.getByText('Atribuído a Bruno')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Devolver/ })).toBeInTheDocument();
  });

  it('shows a message that arrives live and marks it read', async () => {
    const view = setup();
    await history();
    const reads = () => view.api.calls.filter((c) => c.path === '/messages/100').length;
    const before = reads();
    const incoming = messageDto({ id: '50', body: 'Chegou agora', createdAt: new Date().toISOString() });
    view.emit('appMessage', { action: 'create', message: incoming, ticket: { ...view.ticket, unreadMessages: 1 }, contact: view.ticket.contact });
    expect(await screen.findByText('Chegou agora')).toBeInTheDocument();
    // Opening the messages page is what marks them read on the API.
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 2500 });
  });

  it('accepts a pending ticket and hands the accepted ticket over', async () => {
    const accepted = ticketDto({ id: 100, status: 'open', userId: 7, user: { id: 7, name: 'Ana' } });
    const view = setup({ ticket: ticketDto({ id: 100, status: 'pending' }), routes: { 'PUT /tickets/100': () => json(200, accepted) } });
    await history();
    await userEvent.click(within(screen.getByRole('note')).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(view.onAccepted).toHaveBeenCalledWith(accepted));
    expect(JSON.parse(view.api.calls.find((c) => c.method === 'PUT')!.body)).toMatchObject({ status: 'open', userId: 7 });
    expect(view.onLeave).not.toHaveBeenCalled();
  });

  it("shows a returning customer's earlier ticket with the ticket-change separator (the API's history)", async () => {
    const earlier = conversation(2, '2026-03-09T12:00:00.000Z', (i) => ({ id: String(80 + i), ticketId: 90, body: `Antes ${i}` }));
    const now = conversation(1, '2026-03-10T12:00:00.000Z', () => ({ id: '200', ticketId: 100, body: 'Voltei' }));
    setup({ messages: [...earlier, ...now] });
    await history();
    expect(screen.getByText('Antes 0')).toBeInTheDocument();
    const separator = screen.getAllByRole('separator').find((s) => s.getAttribute('aria-label')?.startsWith('Ticket: 90 encerrado em'));
    expect(separator).toBeDefined();
    expect(screen.getByText(/^Ticket: 100 iniciado em/)).toBeInTheDocument();
  });

  it('opens a pending ticket read only: its messages, the accept button in place of the composer, nothing marked read', async () => {
    const view = setup({ ticket: ticketDto({ id: 100, status: 'pending', unreadMessages: 2 }), messages: conversation(2) });
    await history();
    expect(screen.getByText('Mensagem 1')).toBeInTheDocument();
    expect(screen.queryByTestId('composer')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Somente leitura: aceite o atendimento para responder.');
    const reads = view.api.calls.filter((c) => c.path === '/messages/100').length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(view.api.calls.filter((c) => c.path === '/messages/100').length).toBe(reads);
  });

  it('goes back to the list when the shown ticket is closed elsewhere (the list, another tab); a closed ticket opened stays', async () => {
    const view = setup();
    await history();
    view.emit('ticket', { action: 'update', ticket: { ...view.ticket, status: 'closed' } });
    await waitFor(() => expect(view.onLeave).toHaveBeenCalledWith('closed'));
    view.unmount();

    const closed = setup({ ticket: ticketDto({ id: 100, status: 'closed' }) });
    await history();
    closed.emit('ticket', { action: 'update', ticket: ticketDto({ id: 100, status: 'closed', lastMessage: 'x' }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed.onLeave).not.toHaveBeenCalled();
  });

  it('searches the conversation from the header: loads older pages up to the hit, scrolls to it and marks it', async () => {
    const newest = conversation(20, '2026-03-10T12:00:00.000Z', (i) => ({ id: String(100 + i), body: `Recente ${i}` }));
    const older = conversation(5, '2026-03-09T12:00:00.000Z', (i) => ({ id: String(10 + i), body: i === 2 ? 'Meu pedido 123 atrasou' : `Antiga ${i}` }));
    const ticket = ticketDto({ id: 100, status: 'open', userId: 7, user: { id: 7, name: 'Ana' } });
    const searches: string[] = [];
    setup({
      ticket,
      routes: {
        'GET /messages/100': (request) => (new URL(request.url).searchParams.get('pageNumber') === '2' ? page(older, ticket) : page(newest, ticket, true)),
        'GET /messages/100/search': (request) => {
          searches.push(new URL(request.url).searchParams.get('q') ?? '');
          return json(200, {
            hits: [{ id: '12', ticketId: 100, body: 'Meu pedido 123 atrasou', fromMe: false, createdAt: older[2].createdAt, pageNumber: 2 }],
          });
        },
      },
    });
    await history();
    expect(screen.queryByText('Meu pedido 123 atrasou')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar na conversa' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar mensagens' }), 'pedido');
    await waitFor(() => expect(screen.getByText('1 de 1')).toBeInTheDocument());
    expect(searches).toEqual(['pedido']);
    const found = await screen.findByText('Meu pedido 123 atrasou');
    await waitFor(() => expect(found.closest('.atd-Message')).toHaveAttribute('data-highlighted', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Fechar pesquisa' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await waitFor(() => expect(found.closest('.atd-Message')).not.toHaveAttribute('data-highlighted'));
  });

  it("closes an open ticket and leaves with 'closed'; returns one and leaves with 'returned'", async () => {
    const closed = setup({ routes: { 'PUT /tickets/100': () => json(200, ticketDto({ id: 100, status: 'closed' })) } });
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(closed.onLeave).toHaveBeenCalledWith('closed'));
    closed.unmount();

    const returned = setup({ routes: { 'PUT /tickets/100': () => json(200, ticketDto({ id: 100, status: 'pending' })) } });
    await history();
    await userEvent.click(screen.getByRole('button', { name: /Devolver/ }));
    await waitFor(() => expect(returned.onLeave).toHaveBeenCalledWith('returned'));
    expect(JSON.parse(returned.api.calls.find((c) => c.method === 'PUT')!.body)).toEqual({ status: 'pending', userId: null });
  });

  it('does not leave when a status change fails', async () => {
    const view = setup({ routes: { 'PUT /tickets/100': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) } });
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(view.api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.onLeave).not.toHaveBeenCalled();
  });

  it('reopens a closed ticket and stays', async () => {
    const view = setup({
      ticket: ticketDto({ id: 100, status: 'closed', queueId: 2 }),
      routes: { 'PUT /tickets/100': () => json(200, ticketDto({ id: 100, status: 'open', queueId: 2, userId: 7 })) },
    });
    await history();
    await userEvent.click(screen.getByRole('button', { name: /Reabrir/ }));
    await waitFor(() => expect(view.api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(view.api.calls.find((c) => c.method === 'PUT')!.body)).toEqual({ status: 'open', userId: 7, queueId: 2 });
    expect(view.onLeave).not.toHaveBeenCalled();
  });

  it('offers delete only with ticket-options:deleteTicket; deleting confirms, calls the API and leaves', async () => {
    const plain = setup();
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['AgendamentoDisponível com os agendamentos', 'Transferir']);
    expect(screen.getByRole('menuitem', { name: /Agendamento/ })).toHaveAttribute('aria-disabled', 'true');
    plain.unmount();

    const admin = setup({
      user: { permissions: ['session:self', 'tickets-manager:showall', 'ticket-options:deleteTicket'] },
      routes: { 'DELETE /tickets/100': () => json(204, undefined) },
    });
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deletar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deletar o ticket do contato Maria Souza?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() => expect(admin.onLeave).toHaveBeenCalledWith('deleted'));
    expect(admin.api.calls.some((c) => c.method === 'DELETE' && c.path === '/tickets/100')).toBe(true);
    expect(admin.onLeave).toHaveBeenCalledTimes(1);
  });

  it('opens the transfer modal from the options', async () => {
    setup({ routes: { 'GET /queue': () => json(200, [queueDto({ id: 2, name: 'Vendas' })]), 'GET /whatsapp': () => json(200, []) } });
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do ticket' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Transferir' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('opens and closes the contact drawer from the header', async () => {
    setup();
    await history();
    const toggle = screen.getByRole('button', { name: 'Dados do contato' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    // The drawer's module loads on its first opening.
    expect(await screen.findByText('gaveta de Maria Souza')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(screen.queryByText('gaveta de Maria Souza')).not.toBeInTheDocument();
  });

  it('passes reply and edit to the composer, one at a time', async () => {
    const own = messageDto({ id: '9', body: 'minha recente', fromMe: true, createdAt: new Date().toISOString() });
    setup({ messages: [messageDto({ id: '8', body: 'pergunta', createdAt: new Date(Date.now() - 60_000).toISOString() }), own] });
    await history();
    const [theirMenu, ownMenu] = screen.getAllByRole('button', { name: 'Opções da mensagem' });
    await userEvent.click(theirMenu);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Responder' }));
    expect(screen.getByTestId('composer')).toHaveTextContent('respondendo: pergunta');

    await userEvent.click(ownMenu);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(screen.getByTestId('composer')).toHaveTextContent('editando: minha recente');
    expect(screen.getByTestId('composer')).not.toHaveTextContent('respondendo');
  });

  it('deletes an own recent message after confirmation (DELETE /messages/{id}) and marks it deleted', async () => {
    const own = messageDto({ id: '9', body: 'apague-me', fromMe: true, createdAt: new Date().toISOString() });
    const view = setup({ messages: [own], routes: { 'DELETE /messages/9': () => json(204, undefined) } });
    await history();
    await userEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apagar mensagem?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(screen.getByText('Esta mensagem foi apagada')).toBeInTheDocument());
    expect(view.api.calls.some((c) => c.method === 'DELETE' && c.path === '/messages/9')).toBe(true);
    expect(screen.queryByText('apague-me')).not.toBeInTheDocument();
  });

  it('jumps to a quoted message loaded from older pages', async () => {
    const ticket = ticketDto({ id: 100, status: 'open', userId: 7 });
    const older = conversation(3, '2026-03-01T10:00:00.000Z', (i) => ({ id: `old-${i}`, body: `antiga ${i}` }));
    const reply = messageDto({
      id: '60',
      body: 'respondendo',
      createdAt: new Date().toISOString(),
      quotedMsg: { id: 'old-1', body: 'antiga 1', fromMe: false, mediaType: 'chat', mediaUrl: null },
    });
    const view = setup({
      ticket,
      routes: {
        'GET /messages/100': (request) => {
          const n = Number(new URL(request.url).searchParams.get('pageNumber'));
          if (n === 1) return page([reply], ticket, true);
          if (n === 2) return page([messageDto({ id: '30', body: 'meio', createdAt: '2026-03-05T10:00:00.000Z' })], ticket, true);
          return page(older, ticket, false);
        },
      },
    });
    await history();
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem respondida/ }));
    await waitFor(() => expect(view.container.ownerDocument.querySelector('[data-message-id="old-1"]')).toHaveAttribute('data-highlighted', 'true'));
    const pagesAsked = view.api.calls.filter((c) => c.path === '/messages/100').length;
    expect(pagesAsked).toBe(3);
  });

  it("searches at most 11 pages for a quoted message, then says 'Mensagem não encontrada!'", async () => {
    const ticket = ticketDto({ id: 100, status: 'open', userId: 7 });
    const reply = messageDto({
      id: '60',
      body: 'respondendo',
      createdAt: new Date().toISOString(),
      quotedMsg: { id: 'gone', body: 'sumiu', fromMe: false, mediaType: 'chat', mediaUrl: null },
    });
    const asked: number[] = [];
    setup({
      ticket,
      routes: {
        'GET /messages/100': (request) => {
          const n = Number(new URL(request.url).searchParams.get('pageNumber'));
          asked.push(n);
          if (n === 1) return page([reply], ticket, true);
          return page([messageDto({ id: `p${n}`, body: `página ${n}`, createdAt: new Date(Date.UTC(2026, 0, 30 - n)).toISOString() })], ticket, true);
        },
      },
    });
    await history();
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem respondida/ }));
    expect(await screen.findByText('Mensagem não encontrada!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(Math.max(...asked)).toBe(11);
  });

  it('remembers the audio speed in the storage it is given', async () => {
    const storage = createMemoryStorage({ [AUDIO_RATE_KEY]: '1.5' });
    const audio = messageDto({ id: '70', mediaType: 'audio', body: '', mediaUrl: '/messages/media/70', dataJson: { waveform: [1, 5, 9] } });
    setup({
      messages: [audio],
      props: { storage },
      routes: { 'GET /messages/media/70': () => new Response('ogg', { status: 200, headers: { 'Content-Type': 'audio/ogg' } }) },
    });
    await history();
    const speed = screen.getByRole('button', { name: 'Velocidade 1.5x' });
    await userEvent.click(speed);
    expect(await screen.findByRole('button', { name: 'Velocidade 2x' })).toBeInTheDocument();
    expect(storage.getItem(AUDIO_RATE_KEY)).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Velocidade 2x' }));
    expect(storage.getItem(AUDIO_RATE_KEY)).toBe('0.5');
  });

  it('loads media with the session token', async () => {
    const image = messageDto({ id: '71', mediaType: 'image', body: 'foto', mediaUrl: '/messages/media/71' });
    const view = setup({
      messages: [image],
      routes: { 'GET /messages/media/71': () => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }) },
    });
    await history();
    const img = await screen.findByRole('img', { name: 'foto' });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(view.api.calls.find((c) => c.path === '/messages/media/71')?.auth).toBe('Bearer token-1');
  });
});
