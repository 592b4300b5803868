import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeShell } from '../../../shell/AtendeShell';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { TicketsBell } from './TicketsBell';

const maria = ticketDto({ id: 1, uuid: 'uuid-maria', unreadMessages: 3, lastMessage: 'Preciso de ajuda', contact: contactDto({ id: 1, name: 'Maria' }) });
const joao = ticketDto({ id: 2, uuid: 'uuid-joao', unreadMessages: 1, lastMessage: 'Alô?', contact: contactDto({ id: 2, name: 'João' }) });

function ticketsRoute(tickets: ReturnType<typeof ticketDto>[], seen: URLSearchParams[] = []) {
  return {
    'GET /tickets': (request: Request) => {
      seen.push(new URL(request.url).searchParams);
      return json(200, { tickets, count: tickets.length, hasMore: false, counts: { open: 0, pending: 0 } });
    },
  };
}

describe('TicketsBell', () => {
  it('lists the tickets with unread messages (GET /tickets?withUnreadMessages=true) and opens the one chosen', async () => {
    const seen: URLSearchParams[] = [];
    const onOpenTicket = vi.fn();
    const { container } = renderSignedIn(<TicketsBell onOpenTicket={onOpenTicket} />, ticketsRoute([maria, joao], seen));
    const list = await screen.findByRole('list', { name: 'Atendimentos com mensagens não lidas' });
    expect(seen[0].get('withUnreadMessages')).toBe('true');
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([expect.stringContaining('Maria'), expect.stringContaining('João')]);
    expect(items[0]).toHaveTextContent('Preciso de ajuda');
    expect(within(items[0]).getByText('3 não lidas')).toBeInTheDocument();
    await userEvent.setup().click(items[1]);
    expect(onOpenTicket).toHaveBeenCalledWith('uuid-joao');
    await expectNoA11yViolations(container);
  });

  it('says there is nothing when no ticket has unread messages', async () => {
    renderSignedIn(<TicketsBell onOpenTicket={() => {}} />, ticketsRoute([]));
    expect(await screen.findByText('Nenhuma notificação.')).toBeInTheDocument();
  });

  it('drops a ticket whose messages were read (socket updateUnread)', async () => {
    const { emit } = renderSignedIn(<TicketsBell onOpenTicket={() => {}} />, ticketsRoute([maria, joao]));
    await screen.findByText('Maria');
    emit('ticket', { action: 'updateUnread', ticketId: 1 });
    await waitFor(() => expect(screen.queryByText('Maria')).toBeNull());
    expect(screen.getByText('João')).toBeInTheDocument();
  });
});

describe('the top bar tickets bell (AtendeShell onOpenTicket)', () => {
  it('shows the unread count on the bell; choosing a ticket opens it and closes the list', async () => {
    const onOpenTicket = vi.fn();
    renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} onOpenTicket={onOpenTicket} />, ticketsRoute([maria, joao]));
    const bell = await screen.findByRole('button', { name: 'Notificações de atendimentos (2)' });
    const user = userEvent.setup();
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notificações de atendimentos' });
    await user.click(within(dialog).getByRole('button', { name: /Maria/ }));
    expect(onOpenTicket).toHaveBeenCalledWith('uuid-maria');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações de atendimentos' })).toBeNull());
  });

  it('has no tickets bell without onOpenTicket', async () => {
    const seen: URLSearchParams[] = [];
    renderSignedIn(<AtendeShell currentPath="/" width={1300} />, ticketsRoute([maria], seen));
    await screen.findByRole('banner');
    expect(screen.queryByRole('button', { name: /Notificações de atendimentos/ })).toBeNull();
    expect(seen).toEqual([]);
  });
});
