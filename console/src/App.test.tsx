import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { storedRedirect } from './session/redirect';

const attendant = {
  id: 3,
  name: 'Ana',
  email: 'ana@x.com',
  profile: 'user',
  super: false,
  companyId: 1,
  permissions: ['session:self'],
  features: { useKanban: true },
  queues: [],
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
  allTicket: 'disabled',
  online: true,
  createdAt: '',
  updatedAt: '',
  company: {
    id: 1,
    name: 'Demo',
    status: true,
    recurrence: 'MENSAL',
    campaignsEnabled: false,
    timezone: 'America/Sao_Paulo',
    settings: [],
    plan: {},
    dueDate: '2099-01-01',
  },
};

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: '' }), { status: 404 }));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App providerProps={{ fetch, realtime: false, whiteLabel: false }} />
      <Where />
    </MemoryRouter>,
  );
}

describe('console routes', () => {
  it('sends a signed-out visitor of a /tickets/ path to login and remembers the path', async () => {
    renderAt('/tickets/abc-123');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/login');
    expect(storedRedirect()).toBe('/tickets/abc-123');
  });

  it('does not remember other private paths', async () => {
    sessionStorage.clear();
    renderAt('/contacts');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(storedRedirect()).toBeNull();
  });

  it('sends a signed-in attendant from a public route to /tickets, inside the shell', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify(attendant));
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Atendimentos' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/tickets');
    // jsdom is 1024 wide: the drawer is a closed overlay behind the menu button.
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Olá, Ana');
    // The attendance page: the ticket manager beside the placeholder of no ticket chosen.
    expect(await screen.findByText('Selecione um atendimento para começar')).toBeInTheDocument();
  });

  it('answers an unknown address with the not-found page and the way back to the start page', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify(attendant));
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByText('Este endereço não existe no console, ou mudou.')).toBeInTheDocument();
    screen.getByRole('link', { name: 'Ir para o início' }).click();
    // The start page of an attendant without the dashboard is the tickets page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Atendimentos' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/tickets');
  });

  it("shows a route of a feature the company's plan lacks as not included, and the page itself when it has it", async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    localStorage.setItem('user', JSON.stringify({ ...attendant, features: { useKanban: false } }));
    const { unmount } = renderAt('/kanban');
    expect(await screen.findByText('Não incluído no plano')).toBeInTheDocument();
    expect(screen.getByText('O plano da empresa não inclui Kanban. Fale com o administrador da plataforma para mudar de plano.')).toBeInTheDocument();
    unmount();
    localStorage.setItem('user', JSON.stringify(attendant));
    renderAt('/kanban');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanban' })).toBeInTheDocument();
    expect(screen.queryByText('Não incluído no plano')).toBeNull();
  });

  it('holds an expired company to paying: every page but Financeiro says so, with the way to pay for admins; super users pass', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    const expired = { ...attendant.company, dueDate: '2026-11-20', subscriptionExpired: true };
    localStorage.setItem('user', JSON.stringify({ ...attendant, company: expired }));
    const first = renderAt('/kanban');
    expect(await screen.findByText('Assinatura vencida')).toBeInTheDocument();
    expect(screen.getByText('A assinatura da empresa venceu em 20/11/2026. Pague a fatura em aberto para voltar a usar Kanban.')).toBeInTheDocument();
    expect(screen.getByText('Peça a um administrador da empresa para regularizar a assinatura.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir para Financeiro' })).toBeNull();
    first.unmount();

    const admin = { ...attendant, profile: 'admin', permissions: ['session:self', 'billing:manage', 'drawer-admin-items:view'], company: expired };
    localStorage.setItem('user', JSON.stringify(admin));
    const second = renderAt('/');
    expect(await screen.findByRole('link', { name: 'Ir para Financeiro' })).toHaveAttribute('href', '/financeiro');
    second.unmount();

    localStorage.setItem('user', JSON.stringify({ ...admin, super: true }));
    renderAt('/kanban');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanban' })).toBeInTheDocument();
    expect(screen.queryByText('Assinatura vencida')).toBeNull();
  });
});
