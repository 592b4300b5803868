import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtendeProvider } from '@atende/ui-kit';
import { MessagesApiPage } from './MessagesApiPage';

const user = {
  id: 3,
  name: 'Admin',
  email: 'admin@x.com',
  profile: 'admin',
  super: false,
  companyId: 1,
  permissions: ['session:self', 'drawer-admin-items:view'],
  features: { useExternalApi: true },
  queues: [],
  allTicket: 'disabled',
  company: { id: 1, name: 'Demo' },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Where() {
  return <p>em {useLocation().pathname}</p>;
}

afterEach(() => localStorage.clear());

describe('the messages-API page', () => {
  it('documents the API of this origin; a test send with the typed token links to /tickets/{uuid}', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify(user));
    const fetch = vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/messages/send') {
        return json(201, { ticketId: 9, ticketUuid: 'uuid-9', ticketStatus: 'pending', contactId: 4, messages: [] });
      }
      return json(404, { error: 'ERR_NOT_FOUND', message: '' });
    });
    render(
      <MemoryRouter initialEntries={['/messages-api']}>
        <AtendeProvider apiUrl="http://api.test" fetch={fetch} realtime={false} whiteLabel={false}>
          <Where />
          <Routes>
            <Route path="/messages-api" element={<MessagesApiPage />} />
            <Route path="*" element={null} />
          </Routes>
        </AtendeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'API de mensagens' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Endpoint' })).toHaveTextContent('POST http://api.test/messages/send');

    const form = screen.getByRole('form', { name: 'Teste de envio: texto' });
    await userEvent.type(form.querySelector('input[type=password]')!, 'atd_ok');
    await userEvent.type(screen.getAllByRole('textbox', { name: /^Número/ })[0], '5511999998888');
    await userEvent.type(screen.getByRole('textbox', { name: /^Mensagem/ }), 'Oi');
    await userEvent.click(screen.getAllByRole('button', { name: 'Enviar' })[0]);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir ticket #9' }));
    expect(screen.getByText('em /tickets/uuid-9')).toBeInTheDocument();
    const sent = fetch.mock.calls.map(([r]) => r).find((r) => new URL(r.url).pathname === '/messages/send')!;
    expect(sent.headers.get('Authorization')).toBe('Bearer atd_ok');
  });

  it('the token hint goes to /connections', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify(user));
    render(
      <MemoryRouter initialEntries={['/messages-api']}>
        <AtendeProvider apiUrl="http://api.test" fetch={vi.fn(async () => json(404, {}))} realtime={false} whiteLabel={false}>
          <Where />
          <Routes>
            <Route path="/messages-api" element={<MessagesApiPage />} />
            <Route path="*" element={null} />
          </Routes>
        </AtendeProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ir para Conexões' }));
    expect(screen.getByText('em /connections')).toBeInTheDocument();
  });
});
