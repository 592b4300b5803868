import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AtendeProvider } from '@atende/ui-kit';
import { ContactsPage } from './ContactsPage';

// The kit's ContactsPage is tested in the kit; a stand-in shows the props the page gives it and calls onOpenTicket.
vi.mock('@atende/ui-kit', async (original) => {
  const kit = await original<typeof import('@atende/ui-kit')>();
  return {
    ...kit,
    ContactsPage: ({ onOpenTicket, headingLevel }: { onOpenTicket: (uuid: string) => void; headingLevel?: number }) => (
      <div>
        <p>heading level {headingLevel}</p>
        <button type="button" onClick={() => onOpenTicket('uuid-7')}>
          open ticket
        </button>
      </div>
    ),
  };
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

describe('the contacts page', () => {
  it('is the main heading, and a ticket created from a contact opens at /tickets/{uuid}', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: '' }), { status: 404 }));
    render(
      <MemoryRouter initialEntries={['/contacts']}>
        <AtendeProvider apiUrl="" fetch={fetch} realtime={false} whiteLabel={false}>
          <Routes>
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/tickets/:ticketId" element={<p>ticket page</p>} />
          </Routes>
          <Where />
        </AtendeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('heading level 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'open ticket' }));
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/tickets/uuid-7');
    expect(screen.getByText('ticket page')).toBeInTheDocument();
  });
});
