import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { expectNoA11yViolations } from '../../test/a11y';
import { fakeApi, json, TestProvider } from '../test-provider';
import { Login, LoginView } from './Login';
import { subscriptionNotice } from './subscription-notice';

const user = (dueDate: string | null) => ({
  id: 2,
  name: 'Admin',
  email: 'admin@x.com',
  profile: 'admin',
  super: false,
  companyId: 1,
  permissions: ['drawer-admin-items:view'],
  features: {},
  queues: [],
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
  allTicket: 'disabled',
  online: true,
  createdAt: '',
  updatedAt: '',
  company: { id: 1, name: 'Demo', status: true, recurrence: 'MENSAL', campaignsEnabled: true, timezone: 'America/Sao_Paulo', settings: [], plan: {}, dueDate },
});

describe('LoginView', () => {
  it('has email, password with show/hide, the links and no a11y violations', async () => {
    const { container } = render(
      <AtendeRoot>
        <LoginView onSubmit={vi.fn()} />
      </AtendeRoot>,
    );
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toHaveAttribute('href', '/forgetpsw');
    expect(screen.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' })).toHaveAttribute('href', '/signup');
    await expectNoA11yViolations(container);
  });

  it('requires both fields before submitting', async () => {
    const onSubmit = vi.fn();
    render(
      <AtendeRoot>
        <LoginView onSubmit={onSubmit} />
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Login', () => {
  it('shows the translated ERR_INVALID_CREDENTIALS in a toast', async () => {
    const api = fakeApi({ 'POST /auth/login': () => json({ error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid' }, 401) });
    const onLoggedIn = vi.fn();
    render(
      <TestProvider fetch={api.fetch}>
        <Login onLoggedIn={onLoggedIn} />
      </TestProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'a@b.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(translate('pt', 'ERR_INVALID_CREDENTIALS'))).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('logs in, warns about a subscription ending soon and hands the user over', async () => {
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const api = fakeApi({ 'POST /auth/login': () => json({ token: 't', user: user(due) }) });
    const onLoggedIn = vi.fn();
    render(
      <TestProvider fetch={api.fetch}>
        <Login onLoggedIn={onLoggedIn} />
      </TestProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@x.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Sua assinatura vence em 2 dia(s)')).toBeInTheDocument();
    expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(await api.calls.find((r) => r.method === 'POST')!.json()).toEqual({ email: 'admin@x.com', password: 'secret' });
  });
});

describe('subscriptionNotice', () => {
  const now = new Date(2026, 10, 21, 15, 0);
  it('warns when the due date has passed', () => {
    expect(subscriptionNotice('2026-11-18', now)).toEqual({ kind: 'warning', key: 'session.subscriptionExpired', vars: { count: 3 } });
  });
  it('warns when fewer than 5 days remain', () => {
    expect(subscriptionNotice('2026-11-25', now)).toEqual({ kind: 'warning', key: 'session.subscriptionEnding', vars: { count: 4 } });
    expect(subscriptionNotice('2026-11-21', now)).toMatchObject({ key: 'session.subscriptionEnding', vars: { count: 0 } });
  });
  it('is a success otherwise, or without a due date', () => {
    expect(subscriptionNotice('2026-11-26', now)).toEqual({ kind: 'success', key: 'session.loginSuccess' });
    expect(subscriptionNotice(null, now).kind).toBe('success');
  });

  it("hides 'Cadastre-se' when the platform closed public sign-up (GET /public-settings)", async () => {
    const api = fakeApi({ 'GET /public-settings': () => json({ appName: 'Atende', signupOpen: false }) });
    render(
      <TestProvider fetch={api.fetch}>
        <Login />
      </TestProvider>,
    );
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Não tem uma conta? Cadastre-se!' })).toBeNull());
  });
});
