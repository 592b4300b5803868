import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { TicketViewer } from '../../../data/cache-updaters';
import { useKanbanTickets } from './kanban';
import { kanbanMembership, placeKanbanTicket } from '../../../data/kanban-cache';

const viewer = (o: Partial<TicketViewer> = {}): TicketViewer => ({ userId: 7, seesAll: false, queueIds: [1], groupsExcluded: false, ...o });

describe('kanbanMembership', () => {
  it("follows GET /ticket/kanban: open or pending; a plain user's own queues; managers every queue; queueIds narrows", () => {
    const inQueue1 = ticketDto({ status: 'open', queueId: 1 });
    expect(kanbanMembership(inQueue1, {}, viewer())).toBe('in');
    expect(kanbanMembership(ticketDto({ status: 'pending', queueId: 1 }), {}, viewer())).toBe('in');
    expect(kanbanMembership(ticketDto({ status: 'closed', queueId: 1 }), {}, viewer())).toBe('out');
    expect(kanbanMembership(ticketDto({ status: 'open', queueId: 2 }), {}, viewer())).toBe('out');
    expect(kanbanMembership(ticketDto({ status: 'open', queueId: null }), {}, viewer())).toBe('out');
    expect(kanbanMembership(ticketDto({ status: 'open', queueId: null }), {}, viewer({ seesAll: true }))).toBe('in');
    expect(kanbanMembership(ticketDto({ status: 'open', queueId: 2 }), { queueIds: [1] }, viewer({ seesAll: true }))).toBe('out');
    expect(kanbanMembership(inQueue1, {}, null)).toBe('unknown');
    expect(kanbanMembership(ticketDto({ status: 'closed' }), {}, null)).toBe('out');
  });
});

describe('placeKanbanTicket', () => {
  const a = ticketDto({ id: 1 });
  const b = ticketDto({ id: 2 });
  it('replaces a held ticket in place, adds a new member first, removes one that left; same array when nothing changes', () => {
    const moved = { ...b, tags: [{ id: 3, name: 'Lead', color: '#f00' }] };
    expect(placeKanbanTicket([a, b], moved, 'in')).toEqual([a, moved]);
    const c = ticketDto({ id: 3 });
    expect(placeKanbanTicket([a, b], c, 'in')).toEqual([c, a, b]);
    expect(placeKanbanTicket([a, b], b, 'out')).toEqual([a]);
    const list = [a, b];
    expect(placeKanbanTicket(list, c, 'out')).toBe(list);
    expect(placeKanbanTicket(list, c, 'unknown')).toBe(list);
    expect(placeKanbanTicket(undefined, c, 'in')).toBeUndefined();
  });
});

function Board() {
  const { data } = useKanbanTickets({ queueIds: [1] });
  return (
    <ul aria-label="Quadro">
      {data?.map((t) => (
        <li key={t.id}>
          {t.contact.name}: {t.tags.map((tag) => tag.name).join(',') || '-'}
        </li>
      ))}
    </ul>
  );
}

describe('useKanbanTickets with the realtime cache', () => {
  const maria = ticketDto({ id: 100, status: 'open', queueId: 1, contact: contactDto({ id: 1, name: 'Maria' }) });
  const routes: Routes = { 'GET /ticket/kanban': () => json(200, { tickets: [maria] }) };
  const items = () =>
    within(screen.getByRole('list', { name: 'Quadro' }))
      .queryAllByRole('listitem')
      .map((li) => li.textContent);
  const user = { queues: [{ id: 1, name: 'Vendas', color: '#000' }] as never, permissions: ['session:self' as const] };

  it('ticket events replace, add and remove the board’s tickets', async () => {
    const { emit } = renderSignedIn(<Board />, routes, user);
    await waitFor(() => expect(items()).toEqual(['Maria: -']));
    emit('ticket', { action: 'update', ticket: { ...maria, tags: [{ id: 3, name: 'Lead', color: '#f00' }] } });
    await waitFor(() => expect(items()).toEqual(['Maria: Lead']));
    const joao = ticketDto({ id: 200, status: 'pending', queueId: 1, contact: contactDto({ id: 2, name: 'João' }) });
    emit('ticket', { action: 'update', ticket: joao });
    await waitFor(() => expect(items()).toEqual(['João: -', 'Maria: Lead']));
    emit('ticket', { action: 'update', ticket: { ...joao, queueId: 9 } });
    await waitFor(() => expect(items()).toEqual(['Maria: Lead']));
    emit('ticket', { action: 'removeFromList', ticketId: 100 });
    await waitFor(() => expect(items()).toEqual([]));
  });

  it('a deleted ticket leaves the board', async () => {
    const { emit } = renderSignedIn(<Board />, routes, user);
    await waitFor(() => expect(items()).toEqual(['Maria: -']));
    emit('ticket', { action: 'delete', ticketId: 100 });
    await waitFor(() => expect(items()).toEqual([]));
  });
});
