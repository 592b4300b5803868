import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn } from '../../../../test/signed-in';
import { sampleConnections, sampleQueues, sampleUsers, userPage } from '../story-data';
import { Users } from '../Users/Users';

type Permission = Schema<'Permission'>;

function renderPage(permissions: Permission[]) {
  const bulk: unknown[] = [];
  const utils = renderSignedIn(
    <Users bulkActions />,
    {
      'GET /users': () => json(200, userPage(sampleUsers, false, sampleUsers.length)),
      'GET /queue': () => json(200, sampleQueues),
      'GET /whatsapp': () => json(200, sampleConnections),
      'POST /users/bulk': async (request: Request) => {
        const body = (await request.json()) as { ids: number[] };
        bulk.push(body);
        const results = body.ids.map((id) => ({ id, ok: true }));
        return json(200, { results, okCount: results.length, failedCount: 0 });
      },
    },
    { id: 7, profile: 'admin', permissions, company: { id: 3, name: 'Empresa 3', plan: { id: 1, name: 'Completo', users: 10 } } as never },
  );
  return { ...utils, bulk };
}

describe('Users bulk actions', () => {
  it('adds a queue to the selected users in one call, and switches their distribution', async () => {
    const user = userEvent.setup();
    const { bulk, container } = renderPage(['session:self', 'users:read', 'users:write', 'user-modal:editProfile', 'user-modal:editQueues']);
    await screen.findByRole('rowheader', { name: /Bruno Lima/ }, { timeout: 10_000 });
    await user.click(within(screen.getByRole('row', { name: /Bruno Lima/ })).getByRole('checkbox'));
    await user.click(within(screen.getByRole('row', { name: /Carla Dias/ })).getByRole('checkbox'));
    const toolbar = screen.getByRole('toolbar', { name: 'Ações em massa' });
    expect(within(toolbar).getByText('2 selecionados')).toBeInTheDocument();
    await expectNoA11yViolations(container);

    await user.click(within(toolbar).getByRole('button', { name: 'Alterar filas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filas de 2 usuários' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vendas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(bulk).toEqual([{ ids: [2, 3], action: 'addQueues', queueIds: [2] }]));
    expect(await screen.findByText('2 de 2 concluídos')).toBeInTheDocument();
    // The selection was cleared; select one again and take it out of the distribution.
    await waitFor(() => expect(within(toolbar).queryByText(/selecionad/)).toBeNull());
    await user.click(within(screen.getByRole('row', { name: /Diego Martins/ })).getByRole('checkbox'));
    await user.click(within(toolbar).getByRole('button', { name: 'Tirar da distribuição automática' }));
    await waitFor(() => expect(bulk).toHaveLength(2));
    expect(bulk[1]).toEqual({ ids: [4], action: 'disableDistribution' });
  }, 40_000);

  it('offers no selection to who may change neither queues nor profiles', async () => {
    renderPage(['session:self', 'users:read']);
    await screen.findByRole('rowheader', { name: /Bruno Lima/ }, { timeout: 10_000 });
    expect(screen.queryByRole('toolbar', { name: 'Ações em massa' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  }, 20_000);
});
