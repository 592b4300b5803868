import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { TicketsManager } from './TicketsManager';

type Query = Record<string, string>;
const page = (tickets: Schema<'TicketDto'>[]) => json(200, { tickets, count: tickets.length, hasMore: false, counts: { open: 0, pending: 0 } });

const mine = ticketDto({ id: 200, uuid: 'u-200', status: 'open', userId: 7, queueId: 1, contact: contactDto({ id: 2, name: 'João' }), contactId: 2 });
const waiting = [1, 2].map((id) =>
  ticketDto({ id, uuid: `u-${id}`, status: 'pending', queueId: 1, contact: contactDto({ id, name: `Espera ${id}` }), contactId: id }),
);
const closed = ticketDto({ id: 300, uuid: 'u-300', status: 'closed', contact: contactDto({ id: 3, name: 'Fechado' }), contactId: 3 });
const queues = [
  { id: 1, name: 'Suporte', color: '#7C4DFF' },
  { id: 2, name: 'Vendas', color: '#FF9800' },
];

/** What GET /settings answers: the session's copy unless a test changed the company's settings since login. */
let settingsOnServer: { key: string; value: string }[] = [];

function setup(user: Partial<Schema<'SessionUserDto'>> = {}, server?: { key: string; value: string }[]) {
  settingsOnServer = server ?? user.company?.settings ?? [];
  const queries: { path: string; query: Query }[] = [];
  const list = (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    queries.push({ path: url.pathname, query });
    if (query.searchParam) return page([mine]);
    return page(query.status === 'pending' ? waiting : query.status === 'closed' ? [closed] : query.status === 'open' ? [mine] : []);
  };
  const routes: Routes = {
    'GET /tickets': list,
    'GET /tickets/groups': list,
    'GET /tags/list': () => json(200, [{ id: 5, name: 'VIP', color: '#FF9800', kanban: 0, ticketsCount: 1, createdAt: '', updatedAt: '' }]),
    'GET /settings': () => json(200, settingsOnServer),
    'GET /users/list': () => json(200, [{ id: 8, name: 'Bruno', email: 'b@x.com', profile: 'user', queues: [] }]),
    'PUT /tickets/1': () => json(200, { ...waiting[0], status: 'open', userId: 7 }),
  };
  const onSelectTicket = vi.fn();
  const utils = renderSignedIn(<TicketsManager onSelectTicket={onSelectTicket} />, routes, { queues, ...user });
  return { ...utils, queries, onSelectTicket };
}

const plainUser = { profile: 'user' as const, permissions: ['session:self' as const] };

describe('TicketsManager', () => {
  it('shows open, closed and search tabs, the sub-tabs with their counts, and the header controls of an admin', async () => {
    const { container, queries } = setup();
    const tabs = within(screen.getByRole('tablist', { name: 'Listas de atendimentos' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Abertas', 'Resolvidos', 'Busca']);
    await waitFor(() => expect(screen.getByRole('tab', { name: /Atendendo/ })).toHaveTextContent('1'));
    expect(screen.getByRole('tab', { name: /Aguardando/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Aguardando/ })).toHaveAccessibleName('Aguardando 2 atendimentos');
    expect(screen.getByRole('switch', { name: 'Todos' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Novo' })).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Lista de atendimentos' })).toBeInTheDocument();
    expect(queries).toContainEqual({ path: '/tickets', query: { status: 'open', showAll: 'true', queueIds: '[1,2]', pageNumber: '1' } });
    await expectNoA11yViolations(container);
  });

  it('the show-all switch asks for one’s own open tickets when off', async () => {
    const { queries } = setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'João' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('switch', { name: 'Todos' }));
    await waitFor(() => expect(queries).toContainEqual({ path: '/tickets', query: { status: 'open', showAll: 'false', queueIds: '[1,2]', pageNumber: '1' } }));
  });

  it('the pending sub-tab lists waiting tickets; a click on an open ticket selects it', async () => {
    const { onSelectTicket } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'João' }));
    expect(onSelectTicket).toHaveBeenCalledWith(mine);
    await userEvent.click(screen.getByRole('tab', { name: /Aguardando/ }));
    expect(await screen.findByRole('button', { name: 'Espera 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceitar: Espera 2' })).toBeInTheDocument();
  });

  it('a ticket accepted from the pending list is followed to the open sub-tab, and selected', async () => {
    const { onSelectTicket } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: /Aguardando/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar: Espera 1' }));
    await waitFor(() => expect(onSelectTicket).toHaveBeenCalledWith(expect.objectContaining({ id: 1, status: 'open' })));
    expect(screen.getByRole('tab', { name: /Atendendo/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('the queue filter lists the user’s queues and "Sem fila" (chosen) and narrows the lists', async () => {
    const { queries } = setup();
    await screen.findByRole('button', { name: 'João' });
    await userEvent.click(screen.getByRole('button', { name: /^Filas/ }));
    expect(await screen.findByRole('checkbox', { name: 'Sem fila' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    await waitFor(() => expect(queries).toContainEqual({ path: '/tickets', query: { status: 'open', showAll: 'true', queueIds: '[1]', pageNumber: '1' } }));
  });

  it('closed and search lists always show all; search is debounced 500 ms; tags and users filter it', async () => {
    const { queries } = setup();
    await userEvent.click(screen.getByRole('tab', { name: 'Resolvidos' }));
    expect(await screen.findByRole('button', { name: 'Fechado' })).toBeInTheDocument();
    expect(queries).toContainEqual({ path: '/tickets', query: { status: 'closed', showAll: 'true', queueIds: '[1,2]', pageNumber: '1' } });

    await userEvent.click(screen.getByRole('tab', { name: 'Busca' }));
    expect(screen.getByRole('button', { name: /^Etiquetas/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Usuários/ })).toBeInTheDocument();
    // Pasted: one change, so the check right after it does not hang on how fast a loaded machine types.
    await userEvent.click(screen.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }));
    const typedAt = Date.now();
    await userEvent.paste('joão');
    expect(queries.some((q) => q.query.searchParam)).toBe(false);
    await waitFor(() => expect(queries.some((q) => q.query.searchParam === 'joão')).toBe(true), { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(queries.filter((q) => q.query.searchParam)).toEqual([
      { path: '/tickets', query: { showAll: 'true', queueIds: '[1,2]', searchParam: 'joão', pageNumber: '1' } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: /^Usuários/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Bruno' }));
    await waitFor(() => expect(queries.some((q) => q.query.users === '[8]' && q.query.searchParam === 'joão')).toBe(true));
  });

  it('a plain user gets no show-all switch and no user filter', async () => {
    setup(plainUser);
    await screen.findByRole('tab', { name: /Atendendo/ });
    expect(screen.queryByRole('switch', { name: 'Todos' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Busca' }));
    expect(screen.getByRole('button', { name: /^Etiquetas/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Usuários/ })).not.toBeInTheDocument();
  });

  it('without createTicket the new-ticket button is disabled and says why in a tooltip', async () => {
    setup({ ...plainUser, createTicket: 'desabilitado' });
    const button = screen.getByRole('button', { name: 'Novo' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    act(() => button.focus());
    await userEvent.keyboard('{Tab}{Shift>}{Tab}{/Shift}');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Você não tem permissão para criar atendimentos');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the groups tab with the groups setting, reading /tickets/groups', async () => {
    const { queries } = setup({
      company: { id: 3, name: 'Empresa 3', settings: [{ key: 'groupsTab', value: 'enabled' }] } as Schema<'SessionUserDto'>['company'],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Grupos' }));
    await waitFor(() => expect(queries.some((q) => q.path === '/tickets/groups' && q.query.status === 'pending')).toBe(true));
    expect(queries.some((q) => q.path === '/tickets/groups' && q.query.status === 'open')).toBe(true);
  });

  it("follows the company's settings live: an admin enabling groupsTab shows the tab without a reload", async () => {
    const { emit } = setup({
      company: { id: 3, name: 'Empresa 3', settings: [{ key: 'groupsTab', value: 'disabled' }] } as Schema<'SessionUserDto'>['company'],
    });
    expect(screen.queryByRole('tab', { name: 'Grupos' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Atendendo/ })).toHaveTextContent('1'));
    emit('settings', { action: 'update', setting: { key: 'groupsTab', value: 'enabled' } });
    expect(await screen.findByRole('tab', { name: 'Grupos' })).toBeInTheDocument();
    emit('settings', { action: 'update', setting: { key: 'groupsTab', value: 'disabled' } });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Grupos' })).not.toBeInTheDocument());
  });

  it("reads the company's settings from the API, not only the login-time copy", async () => {
    setup({ company: { id: 3, name: 'Empresa 3', settings: [{ key: 'groupsTab', value: 'disabled' }] } as Schema<'SessionUserDto'>['company'] }, [
      { key: 'groupsTab', value: 'enabled' },
    ]);
    expect(screen.queryByRole('tab', { name: 'Grupos' })).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Grupos' })).toBeInTheDocument();
  });
});
