import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { fakeApi, json, TestProvider } from '../test-provider';
import { ForgotPassword } from './ForgotPassword';

const noContent = () => new Response(null, { status: 204 });

describe('ForgotPassword', () => {
  it('validates the email, mails the code, then resets with the spec’s password rule', { timeout: 20_000 }, async () => {
    const api = fakeApi({
      'POST /forgetpassword/ana@x.com': noContent,
      'POST /resetpassword/ana@x.com/123456/NovaSenha1': noContent,
    });
    const onDone = vi.fn();
    const { container } = render(
      <TestProvider fetch={api.fetch}>
        <ForgotPassword onDone={onDone} />
      </TestProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Email' }));
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Email' }));
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'x.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Email' }));

    const code = await screen.findByRole('textbox', { name: 'Código de verificação' });
    await userEvent.type(code, '123456');
    await userEvent.type(screen.getByLabelText('Nova senha'), 'fraca');
    await userEvent.type(screen.getByLabelText('Confirme a senha'), 'outra');
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    expect(screen.getByText(/Sua senha precisa ter no mínimo 8 caracteres/)).toBeInTheDocument();
    expect(screen.getByText('As senhas não correspondem')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mostrar senha' })).toHaveLength(2);
    await expectNoA11yViolations(container);

    await userEvent.clear(screen.getByLabelText('Nova senha'));
    await userEvent.type(screen.getByLabelText('Nova senha'), 'NovaSenha1');
    await userEvent.clear(screen.getByLabelText('Confirme a senha'));
    await userEvent.type(screen.getByLabelText('Confirme a senha'), 'NovaSenha1');
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('an e-mail of no account gets the same neutral step 2 as any other (no account is revealed)', async () => {
    const api = fakeApi({ 'POST /forgetpassword/nobody@x.com': noContent });
    const onDone = vi.fn();
    render(
      <TestProvider fetch={api.fetch}>
        <ForgotPassword onDone={onDone} />
      </TestProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@x.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Email' }));
    expect(await screen.findByText('Se existir uma conta com este email, enviamos para ele um código de verificação.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a typo the server refuses stays on the form with the field message, in the locale', async () => {
    const api = fakeApi({
      'POST /forgetpassword/ana@x.cóm': () =>
        json({ error: 'ERR_VALIDATION', message: 'Invalid fields: email', fields: [{ field: 'email', messages: ['Email inválido'] }] }, 400),
    });
    const onDone = vi.fn();
    render(
      <TestProvider fetch={api.fetch} locale="en">
        <ForgotPassword onDone={onDone} />
      </TestProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@x.cóm');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@x.cóm');
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
  });

  it('a failed request toasts its error and keeps the user on the form', async () => {
    const api = fakeApi({ 'POST /forgetpassword/ana@x.com': () => json({ error: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests' }, 429) });
    const onDone = vi.fn();
    render(
      <TestProvider fetch={api.fetch}>
        <ForgotPassword onDone={onDone} />
      </TestProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@x.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Email' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@x.com');
  });
});
