import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { atendeKeys } from '../../../data/query-keys';
import { useTicket, useTicketByUuid } from './tickets';

const UUID = '00000000-0000-4000-8000-000000000100';

function Screen() {
  const byUuid = useTicketByUuid(UUID);
  const live = useTicket(byUuid.data?.id ?? 0, { enabled: byUuid.data !== undefined });
  if (byUuid.error) return <p>erro {(byUuid.error as { code?: string }).code}</p>;
  return <p>{live.data ? `${live.data.id} ${live.data.status}` : 'carregando'}</p>;
}

describe('useTicketByUuid', () => {
  it('reads GET /tickets/u/{uuid} and fills the detail query, which live updates then replace', async () => {
    const view = renderSignedIn(<Screen />, { [`GET /tickets/u/${UUID}`]: () => json(200, ticketDto({ id: 100, status: 'pending' })) });
    await waitFor(() => expect(screen.getByText('100 pending')).toBeInTheDocument());
    // The detail came from the uuid answer: no GET /tickets/100.
    expect(view.api.calls.map((c) => c.path)).not.toContain('/tickets/100');
    expect(view.probe.queryClient?.getQueryData(atendeKeys.tickets.detail(100))).toMatchObject({ id: 100 });

    view.emit('ticket', { action: 'update', ticket: ticketDto({ id: 100, status: 'open' }) });
    await waitFor(() => expect(screen.getByText('100 open')).toBeInTheDocument());
  });

  it('rejects with the API error code (ERR_NO_PERMISSION)', async () => {
    renderSignedIn(<Screen />, { [`GET /tickets/u/${UUID}`]: () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) });
    await waitFor(() => expect(screen.getByText('erro ERR_NO_PERMISSION')).toBeInTheDocument());
  });
});
