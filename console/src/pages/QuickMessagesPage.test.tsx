import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtendeProvider } from '@atende/ui-kit';
import { QuickMessagesPage } from './QuickMessagesPage';

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

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => localStorage.clear());

describe('the quick-messages page', () => {
  it('shows the title and the kit’s list of GET /quick-messages', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify(user));
    const fetch = vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/quick-messages') {
        return json({
          records: [{ id: 1, shortcode: 'pix', message: 'Chave 123', geral: false, mediaPath: null, mediaName: null, isMedia: false, userId: 3, companyId: 1 }],
          count: 1,
          hasMore: false,
        });
      }
      return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: '' }), { status: 404 });
    });
    render(
      <MemoryRouter>
        <AtendeProvider apiUrl="http://api.test" fetch={fetch} realtime={false} whiteLabel={false}>
          <QuickMessagesPage />
        </AtendeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Respostas rápidas' })).toBeInTheDocument();
    expect(await screen.findByText('/pix')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
  });
});
