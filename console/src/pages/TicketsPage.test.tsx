import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtendeProvider, type Schema } from '@atende/ui-kit';
import { TicketsPage } from './TicketsPage';

// The kit's TicketsManager and TicketChat are tested in the kit; here stand-ins show the props the page gives them
// and call its callbacks, to test the page's layout and navigation.
vi.mock('@atende/ui-kit', async (original) => {
  const kit = await original<typeof import('@atende/ui-kit')>();
  const ticket = (uuid: string) => ({ id: 1, uuid }) as Schema<'TicketDto'>;
  return {
    ...kit,
    TicketsManager: ({ selectedTicketUuid, onSelectTicket }: { selectedTicketUuid?: string; onSelectTicket: (t: Schema<'TicketDto'>) => void }) => (
      <div data-testid="manager">
        <p>selected: {selectedTicketUuid ?? 'none'}</p>
        <button type="button" onClick={() => onSelectTicket(ticket('uuid-1'))}>
          ticket 1
        </button>
      </div>
    ),
    TicketChat: ({ ticketUuid, onLeave }: { ticketUuid: string; onLeave: (reason: string) => void }) => (
      <div data-testid="chat">
        <p>chat {ticketUuid}</p>
        {['closed', 'returned', 'transferred', 'deleted', 'forbidden'].map((reason) => (
          <button key={reason} type="button" onClick={() => onLeave(reason)}>
            {reason}
          </button>
        ))}
      </div>
    ),
  };
});

const user = {
  id: 3,
  name: 'Ana',
  email: 'ana@x.com',
  profile: 'user',
  super: false,
  companyId: 1,
  permissions: ['session:self'],
  features: {},
  queues: [],
  allTicket: 'disabled',
  company: { id: 1, name: 'Demo' },
};

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  localStorage.setItem('token', JSON.stringify('t'));
  localStorage.setItem('user', JSON.stringify(user));
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: '' }), { status: 404 }));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AtendeProvider apiUrl="" fetch={fetch} realtime={false} whiteLabel={false}>
        <Routes>
          <Route path="/tickets" element={<TicketsPage />} />
          <Route path="/tickets/:ticketId" element={<TicketsPage />} />
        </Routes>
        <Where />
      </AtendeProvider>
    </MemoryRouter>,
  );
}

const path = () => screen.getByRole('status', { name: 'path' }).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tickets page on a wide screen', () => {
  it('shows the list beside the placeholder with no ticket, and the chat of the ticket chosen', async () => {
    renderAt('/tickets');
    expect(screen.getByRole('heading', { level: 1, name: 'Atendimentos' })).toBeInTheDocument();
    expect(screen.getByText('selected: none')).toBeInTheDocument();
    // The brand (white label off here: the default app name) and the hint, no chat.
    expect(screen.getByText('Selecione um atendimento para começar')).toBeInTheDocument();
    expect(screen.queryByTestId('chat')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'ticket 1' }));
    expect(path()).toBe('/tickets/uuid-1');
    expect(screen.getByText('chat uuid-1')).toBeInTheDocument();
    expect(screen.getByText('selected: uuid-1')).toBeInTheDocument();
  });

  it("'forbidden' goes back to /tickets with 'Acesso não permitido'", async () => {
    renderAt('/tickets/uuid-9');
    await userEvent.setup().click(screen.getByRole('button', { name: 'forbidden' }));
    expect(path()).toBe('/tickets');
    expect(await screen.findByText('Acesso não permitido')).toBeInTheDocument();
    expect(screen.queryByTestId('chat')).toBeNull();
  });

  it("'deleted' goes back to /tickets with the spec's message", async () => {
    renderAt('/tickets/uuid-9');
    await userEvent.setup().click(screen.getByRole('button', { name: 'deleted' }));
    expect(path()).toBe('/tickets');
    expect(await screen.findByText('O atendimento que você estava foi deletado.')).toBeInTheDocument();
  });

  it('closing, returning or transferring goes back to /tickets quietly', async () => {
    for (const reason of ['closed', 'returned', 'transferred']) {
      const { unmount } = renderAt('/tickets/uuid-9');
      await userEvent.setup().click(screen.getByRole('button', { name: reason }));
      expect(path()).toBe('/tickets');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Acesso não permitido')).toBeNull();
      unmount();
    }
  });
});

describe('the tickets page on a small screen (< 600 px)', () => {
  it("has the tabs 'Ticket' and 'Atendimentos' and a 'Selecionar Ticket' button; choosing a ticket shows its chat", async () => {
    vi.stubGlobal('innerWidth', 400);
    renderAt('/tickets');
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ticket', 'Atendimentos']);
    // With no ticket the list shows first.
    expect(screen.getByRole('tab', { name: 'Atendimentos' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Ticket' }));
    await user.click(screen.getByRole('button', { name: 'Selecionar Ticket' }));
    expect(screen.getByRole('tab', { name: 'Atendimentos' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'ticket 1' }));
    expect(path()).toBe('/tickets/uuid-1');
    expect(screen.getByRole('tab', { name: 'Ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('chat uuid-1')).toBeInTheDocument();
    // Leaving the ticket shows the list again.
    await user.click(screen.getByRole('button', { name: 'closed' }));
    await act(async () => {});
    expect(screen.getByRole('tab', { name: 'Atendimentos' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the ticket tab at /tickets/{uuid}', () => {
    vi.stubGlobal('innerWidth', 400);
    renderAt('/tickets/uuid-5');
    expect(screen.getByRole('tab', { name: 'Ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('chat uuid-5')).toBeInTheDocument();
  });
});
