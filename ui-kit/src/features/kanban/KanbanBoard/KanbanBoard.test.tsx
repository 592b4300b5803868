import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json, sessionUser } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { KanbanBoard } from './KanbanBoard';

const AT = '2026-01-01T00:00:00.000Z';
const tag = (id: number, name: string, color: string): Schema<'TagDto'> => ({ id, name, color, kanban: 1, ticketsCount: 0, createdAt: AT, updatedAt: AT });
const lead = tag(1, 'Lead', '#ff0000');
const won = tag(2, 'Ganho', '#00aa00');
const ref = ({ id, name, color }: Schema<'TagDto'>) => ({ id, name, color });
const maria = ticketDto({ id: 11, uuid: 'uuid-11', queueId: 5, status: 'open', contact: contactDto({ id: 1, name: 'Maria' }), tags: [ref(lead)] });
const joao = ticketDto({ id: 12, uuid: 'uuid-12', queueId: 5, status: 'pending', contact: contactDto({ id: 2, name: 'João' }), tags: [] });

const features = { ...sessionUser().features, useKanban: true };
const queues = [{ id: 5, name: 'Vendas', color: '#123456' }] as Schema<'SessionUserDto'>['queues'];
const user = { features, queues, profile: 'user' as const, permissions: ['session:self' as const] };

function kanbanRoutes(extra: Routes = {}): Routes {
  return {
    'GET /auth/me': () => json(200, sessionUser(user)),
    'GET /tags/kanban': () => json(200, [lead, won]),
    'GET /ticket/kanban': () => json(200, { tickets: [maria, joao] }),
    ...extra,
  };
}

const laneOf = (name: string) => screen.getByRole('grid', { name: new RegExp(`^Coluna ${name}:`) });
const cardIn = (lane: string, contact: string) => within(laneOf(lane)).queryByRole('row', { name: new RegExp(contact) });

describe('KanbanBoard (connected)', () => {
  it("reads the lanes and the tickets of the user's own queues; axe-clean", async () => {
    const { api, container } = renderSignedIn(<KanbanBoard onOpenTicket={vi.fn()} />, kanbanRoutes(), user);
    await waitFor(() => expect(cardIn('Lead', 'Maria')).not.toBeNull());
    expect(cardIn('Em aberto', 'João')).not.toBeNull();
    const call = api.calls.find((c) => c.path === '/ticket/kanban');
    expect(call).toBeDefined();
    await expectNoA11yViolations(container);
  });

  it('asks GET /ticket/kanban for the queues of the user as a JSON array', async () => {
    let asked: string | null = null;
    renderSignedIn(
      <KanbanBoard onOpenTicket={vi.fn()} />,
      kanbanRoutes({
        'GET /ticket/kanban': (request) => {
          asked = new URL(request.url).searchParams.get('queueIds');
          return json(200, { tickets: [] });
        },
      }),
      user,
    );
    await waitFor(() => expect(asked).toBe('[5]'));
  });

  it("a move to another tag lane removes the old kanban tag, then adds the new one, with the spec's two toasts", async () => {
    const order: string[] = [];
    renderSignedIn(
      <KanbanBoard onOpenTicket={vi.fn()} />,
      kanbanRoutes({
        'DELETE /ticket-tags/11': () => {
          order.push('delete');
          return json(200, { ...maria, tags: [] });
        },
        'PUT /ticket-tags/11/2': () => {
          order.push('put');
          return json(200, { ...maria, tags: [ref(won)] });
        },
      }),
      user,
    );
    await waitFor(() => expect(cardIn('Lead', 'Maria')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Mover ticket #11 para…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ganho' }));
    expect(await screen.findByText('Ticket Tag Removido!')).toBeInTheDocument();
    expect(await screen.findByText('Ticket Tag Adicionado com Sucesso!')).toBeInTheDocument();
    expect(order).toEqual(['delete', 'put']);
    await waitFor(() => expect(cardIn('Ganho', 'Maria')).not.toBeNull());
    expect(cardIn('Lead', 'Maria')).toBeNull();
  });

  it("a move to 'Em aberto' only removes the tag link", async () => {
    const { api } = renderSignedIn(
      <KanbanBoard onOpenTicket={vi.fn()} />,
      kanbanRoutes({ 'DELETE /ticket-tags/11': () => json(200, { ...maria, tags: [] }) }),
      user,
    );
    await waitFor(() => expect(cardIn('Lead', 'Maria')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Mover ticket #11 para…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Em aberto' }));
    expect(await screen.findByText('Ticket Tag Removido!')).toBeInTheDocument();
    await waitFor(() => expect(cardIn('Em aberto', 'Maria')).not.toBeNull());
    expect(api.calls.filter((c) => c.path.startsWith('/ticket-tags')).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /ticket-tags/11']);
    expect(screen.queryByText('Ticket Tag Adicionado com Sucesso!')).toBeNull();
  });

  it("from 'Em aberto' a move only adds the new lane's tag", async () => {
    const { api } = renderSignedIn(
      <KanbanBoard onOpenTicket={vi.fn()} />,
      kanbanRoutes({ 'PUT /ticket-tags/12/1': () => json(200, { ...joao, tags: [ref(lead)] }) }),
      user,
    );
    await waitFor(() => expect(cardIn('Em aberto', 'João')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Mover ticket #12 para…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lead' }));
    expect(await screen.findByText('Ticket Tag Adicionado com Sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(cardIn('Lead', 'João')).not.toBeNull());
    expect(api.calls.filter((c) => c.path.startsWith('/ticket-tags')).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /ticket-tags/12/1']);
    // The move is over: the card is no longer busy and can move again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mover ticket #12 para…' })).toBeEnabled());
    expect(cardIn('Lead', 'João')).not.toHaveAttribute('data-busy');
  });

  it('a failed move is toasted and the card goes back to its lane', async () => {
    renderSignedIn(
      <KanbanBoard onOpenTicket={vi.fn()} />,
      kanbanRoutes({ 'PUT /ticket-tags/12/1': () => json(404, { error: 'ERR_TAG_NOT_FOUND', message: 'Tag not found', statusCode: 404 }) }),
      user,
    );
    await waitFor(() => expect(cardIn('Em aberto', 'João')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Mover ticket #12 para…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lead' }));
    expect(await screen.findByText('Tag não encontrada.')).toBeInTheDocument();
    await waitFor(() => expect(cardIn('Em aberto', 'João')).not.toBeNull());
    expect(cardIn('Lead', 'João')).toBeNull();
  });

  it('is live: another user’s move (a ticket update event) moves the card', async () => {
    const { emit } = renderSignedIn(<KanbanBoard onOpenTicket={vi.fn()} />, kanbanRoutes(), user);
    await waitFor(() => expect(cardIn('Em aberto', 'João')).not.toBeNull());
    emit('ticket', { action: 'update', ticket: { ...joao, tags: [ref(won)] } });
    await waitFor(() => expect(cardIn('Ganho', 'João')).not.toBeNull());
    expect(cardIn('Em aberto', 'João')).toBeNull();
    // Closed elsewhere: it leaves the board.
    emit('ticket', { action: 'update', ticket: { ...joao, status: 'closed', tags: [ref(won)] } });
    await waitFor(() => expect(cardIn('Ganho', 'João')).toBeNull());
  });

  it("'Ver Ticket' hands the uuid to the host", async () => {
    const onOpenTicket = vi.fn();
    renderSignedIn(<KanbanBoard onOpenTicket={onOpenTicket} />, kanbanRoutes(), user);
    await waitFor(() => expect(cardIn('Em aberto', 'João')).not.toBeNull());
    await userEvent.click(within(laneOf('Em aberto')).getByRole('button', { name: 'Ver Ticket' }));
    expect(onOpenTicket).toHaveBeenCalledWith('uuid-12');
  });

  it("without the plan's useKanban it says so and reads nothing", async () => {
    const off = { ...user, features: { ...features, useKanban: false } };
    const { api } = renderSignedIn(<KanbanBoard onOpenTicket={vi.fn()} />, { ...kanbanRoutes(), 'GET /auth/me': () => json(200, sessionUser(off)) }, off);
    expect(await screen.findByText('O Kanban não faz parte do plano da empresa.')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(api.calls.some((c) => c.path === '/ticket/kanban' || c.path === '/tags/kanban')).toBe(false);
  });
});
