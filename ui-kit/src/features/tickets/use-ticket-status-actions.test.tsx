import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ticketDto } from '../../test/data-fixtures';
import { json } from '../../test/provider-fakes';
import { renderSignedIn } from '../../test/signed-in';
import type { Ticket } from './ticket-rules';
import { useTicketStatusActions, type TicketStatusActions } from './use-ticket-status-actions';

const ticket = ticketDto({ id: 100, status: 'open', userId: 8, queueId: 4, useIntegration: true, promptId: 2, integrationId: 3 });

function Probe({ action }: { action: keyof Omit<TicketStatusActions, 'isPending'> }) {
  const actions = useTicketStatusActions();
  const [result, setResult] = useState<Ticket | undefined | null>(null);
  return (
    <>
      <button onClick={() => void actions[action](ticket).then(setResult)}>{action}</button>
      <output aria-label="result">{result === null ? 'none' : result === undefined ? 'failed' : `${result.status}:${result.userId}`}</output>
    </>
  );
}

async function run(action: keyof Omit<TicketStatusActions, 'isPending'>, answer = (body: Record<string, unknown>) => json(200, { ...ticket, ...body })) {
  const utils = renderSignedIn(<Probe action={action} />, {
    'PUT /tickets/100': async (request) => answer((await request.json()) as Record<string, unknown>),
  });
  await userEvent.click(screen.getByRole('button', { name: action }));
  await waitFor(() => expect(screen.getByRole('status', { name: 'result' }).textContent).not.toBe('none'));
  const put = utils.api.calls.find((c) => c.method === 'PUT' && c.path === '/tickets/100');
  return { body: put ? (JSON.parse(put.body) as Record<string, unknown>) : undefined, result: screen.getByRole('status', { name: 'result' }).textContent };
}

describe('useTicketStatusActions', () => {
  it('accept: open and assigned to me', async () => {
    expect(await run('accept')).toEqual({ body: { status: 'open', userId: 7 }, result: 'open:7' });
  });

  it('return: pending without a user', async () => {
    expect(await run('returnToPending')).toEqual({ body: { status: 'pending', userId: null }, result: 'pending:null' });
  });

  it('close: closed by me, keeping the queue, integration and prompt cleared', async () => {
    expect(await run('close')).toEqual({
      body: { status: 'closed', userId: 7, queueId: 4, useIntegration: false, promptId: null, integrationId: null },
      result: 'closed:7',
    });
  });

  it('reopen: open for me, keeping the queue', async () => {
    expect(await run('reopen')).toEqual({ body: { status: 'open', userId: 7, queueId: 4 }, result: 'open:7' });
  });

  it('a failure shows its translated error as a toast and answers undefined', async () => {
    const { result } = await run('accept', () => json(400, { error: 'ERR_OTHER_OPEN_TICKET', message: 'x' }));
    expect(result).toBe('failed');
    expect(await screen.findByText('Já existe um tíquete aberto para este contato.')).toBeInTheDocument();
  });
});
