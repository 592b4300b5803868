import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atendeKeys } from '../../../data/query-keys';
import { expectNoA11yViolations } from '../../../test/a11y';
import { ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { TicketTags } from './TicketTags';

const vip = { id: 5, name: 'VIP', color: '#FF9800', kanban: 0 as const, ticketsCount: 0, createdAt: '', updatedAt: '' };
const lane = { id: 6, name: 'Em andamento', color: '#2196F3', kanban: 1 as const, ticketsCount: 0, createdAt: '', updatedAt: '' };
const ticket = ticketDto({ id: 40, uuid: 'u-40', status: 'open', tags: [{ id: 6, name: 'Em andamento', color: '#2196F3' }] });

function setup() {
  const synced: unknown[] = [];
  const utils = renderSignedIn(<TicketTags ticket={ticket} />, {
    'GET /tags/list': () => json(200, [lane, vip]),
    'POST /tags/sync': async (request) => {
      const body = (await request.json()) as { ticketId: number; tags: { id: number }[] };
      synced.push(body);
      const tags = [lane, vip].filter((t) => body.tags.some((b) => b.id === t.id)).map(({ id, name, color }) => ({ id, name, color }));
      return json(200, { ...ticket, tags });
    },
  });
  return { ...utils, synced };
}

describe('TicketTags', () => {
  it('shows the applied tags in their colours and applies a plain (non-kanban) tag from the keyboard with POST /tags/sync', async () => {
    const { synced, container, probe } = setup();
    // The ticket as the chat loaded it (GET /tickets/40).
    probe.queryClient?.setQueryData(atendeKeys.tickets.detail(40), ticket);
    const group = screen.getByRole('grid', { name: 'Etiquetas do atendimento' });
    expect(within(group).getByRole('row', { name: 'Em andamento' })).toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Escolher as etiquetas do atendimento' });
    edit.focus();
    await userEvent.keyboard('{Enter}');
    const vipBox = await screen.findByRole('checkbox', { name: 'VIP' });
    expect(screen.getByRole('checkbox', { name: 'Em andamento' })).toBeChecked();
    expect(vipBox).not.toBeChecked();
    vipBox.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(synced).toEqual([{ ticketId: 40, tags: [{ id: 6 }, { id: 5 }] }]));
    // The answer is the ticket's new copy in the cache: the lists' rows show it at once.
    await waitFor(() =>
      expect(probe.queryClient?.getQueryData<{ tags: { id: number }[] }>(atendeKeys.tickets.detail(40))?.tags.map((t) => t.id)).toEqual([6, 5]),
    );
    await expectNoA11yViolations(container);
  });

  it('removes a tag with Delete on the focused tag', async () => {
    const { synced } = setup();
    const tag = screen.getByRole('row', { name: 'Em andamento' });
    await userEvent.click(within(tag).getByRole('gridcell'));
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(synced).toEqual([{ ticketId: 40, tags: [] }]));
  });

  it('says so when the ticket has no tags', async () => {
    renderSignedIn(<TicketTags ticket={{ ...ticket, tags: [] }} />, { 'GET /tags/list': () => json(200, [vip]) });
    expect(screen.getByText('Sem etiquetas')).toBeInTheDocument();
  });
});
