import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorText } from '../../i18n/error-text';
import { expectNoA11yViolations } from '../../test/a11y';
import { fakeApi, json, TestProvider } from '../test-provider';
import { SignUp } from './SignUp';

const plan = {
  id: 3,
  name: 'Básico',
  users: 5,
  connections: 1,
  queues: 3,
  value: 99.9,
  useCampaigns: false,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: false,
  whiteLabel: false,
};

describe('SignUp', () => {
  it('validates with the spec’s messages, lists the plans and creates the company', { timeout: 20_000 }, async () => {
    const api = fakeApi({
      'GET /plans/list': () => json([plan]),
      'POST /companies/cadastro': () => json({ company: { id: 9 }, user: { id: 20 } }, 201),
    });
    const onSignedUp = vi.fn();
    const { container } = render(
      <TestProvider fetch={api.fetch}>
        <SignUp onSignedUp={onSignedUp} />
      </TestProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getAllByText('Obrigatório')).toHaveLength(4);

    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'A');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'dono@');
    await userEvent.type(screen.getByLabelText('Senha'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getAllByText('Muito curto!')).toHaveLength(2);
    expect(screen.getByText('E-mail inválido')).toBeInTheDocument();
    await expectNoA11yViolations(container);

    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'cme');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'acme.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Telefone com DDD' }), '5511999990000');
    await userEvent.type(screen.getByLabelText('Senha'), '5');
    await userEvent.click(screen.getByRole('button', { name: /Plano/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Básico - Atendentes: 5 - WhatsApp: 1 - Filas: 3 - R\$ 99,90/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText('Empresa cadastrada com sucesso! Entre com seu email e senha.')).toBeInTheDocument();
    expect(onSignedUp).toHaveBeenCalledWith('dono@acme.com');
    const post = api.calls.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Acme', email: 'dono@acme.com', phone: '5511999990000', password: '12345', planId: 3 });
  });

  it('reads "Carregando planos…" and cannot open until the plans arrive (an empty list would open nothing)', async () => {
    let arrive: (r: Response) => void = () => {};
    const api = fakeApi({ 'GET /plans/list': () => new Promise<Response>((resolve) => (arrive = resolve)) });
    render(
      <TestProvider fetch={api.fetch}>
        <SignUp />
      </TestProvider>,
    );
    const select = await screen.findByRole('button', { name: /Carregando planos…/ });
    expect(select).toBeDisabled();
    arrive(json([plan]));
    await waitFor(() => expect(screen.getByRole('button', { name: /Plano/ })).toBeEnabled());
    expect(screen.queryByText('Carregando planos…')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Plano/ }));
    expect(await screen.findByRole('option', { name: /Básico/ })).toBeInTheDocument();
  });

  it('shows a server refusal translated', async () => {
    const api = fakeApi({
      'GET /plans/list': () => json([plan]),
      'POST /companies/cadastro': () => json({ error: 'ERR_EMAIL_ALREADY_REGISTERED', message: 'Email already registered' }, 409),
    });
    render(
      <TestProvider fetch={api.fetch}>
        <SignUp defaultValues={{ name: 'Acme', email: 'a@b.com', password: '12345', planId: '3' }} />
      </TestProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const expected = errorText('pt', { error: 'ERR_EMAIL_ALREADY_REGISTERED', message: 'Email already registered' });
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('puts an API validation error on its field instead of a toast', async () => {
    const api = fakeApi({
      'GET /plans/list': () => json([plan]),
      'POST /companies/cadastro': () =>
        json({ error: 'ERR_VALIDATION', message: 'Invalid fields: email', fields: [{ field: 'email', messages: ['email already used'] }] }, 400),
    });
    render(
      <TestProvider fetch={api.fetch}>
        <SignUp defaultValues={{ name: 'Acme', email: 'a@b.com', password: '12345', planId: '3' }} />
      </TestProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('email already used'));
    expect(email).toHaveFocus();
    expect(screen.queryByText(errorText('pt', { error: 'ERR_VALIDATION', message: 'Invalid fields: email' }))).not.toBeInTheDocument();
  });

  it('says sign-up is closed, instead of the form, when the platform closed it (GET /public-settings)', { timeout: 20_000 }, async () => {
    const api = fakeApi({
      'GET /plans/list': () => json([plan]),
      'GET /public-settings': () => json({ appName: 'Atende', signupOpen: false }),
    });
    const { container } = render(
      <TestProvider fetch={api.fetch}>
        <SignUp />
      </TestProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Cadastro fechado' })).toBeInTheDocument();
    expect(screen.getByText(/somente por convite/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cadastrar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Já tem uma conta? Entre!' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });
});
