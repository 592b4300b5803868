import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { API_MEDIA_MAX_BYTES } from '../messages-api-rules';
import { apiSendResult, sampleErrors } from '../story-data';
import { ApiSendForm, type ApiSendFormProps, type ApiSendRequest } from './ApiSendForm';

function renderForm(props: Partial<ApiSendFormProps> = {}, locale: Locale = 'pt') {
  const onSend = vi.fn<(request: ApiSendRequest) => Promise<unknown>>(async () => undefined);
  const utils = render(
    <AtendeRoot locale={locale}>
      <ApiSendForm kind="text" onSend={onSend} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, onSend: (props.onSend as typeof onSend | undefined) ?? onSend };
}

const token = () => screen.getByLabelText(/^Token/, { selector: 'input' });
const number = () => screen.getByRole('textbox', { name: /^Número/ });
const body = () => screen.getByRole('textbox', { name: /^Mensagem/ });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

/** Chooses a file through the FileTrigger's hidden input. */
function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('ApiSendForm (text)', () => {
  it('is a named form with token, number and message; axe-clean', async () => {
    const { container } = renderForm();
    expect(screen.getByRole('form', { name: 'Teste de envio: texto' })).toBeInTheDocument();
    expect(token()).toHaveAttribute('type', 'password');
    expect(number()).toHaveAttribute('inputmode', 'numeric');
    expect(body()).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Fechar o ticket após o envio' })).not.toBeChecked();
    await expectNoA11yViolations(container);
  });

  it('checks before sending: token required, 10 to 15 digits, a message', async () => {
    const { onSend } = renderForm();
    await send();
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(screen.getByText('Digite a mensagem')).toBeInTheDocument();
    expect(token()).toHaveFocus();
    await userEvent.type(token(), 'atd_x');
    await userEvent.type(number(), '119999');
    await userEvent.type(body(), 'Oi');
    await send();
    expect(await screen.findByText('Número inválido: use de 10 a 15 dígitos (código do país, DDD e número).')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the number as digits and the trimmed token; on success clears the message and keeps token and number', async () => {
    const { onSend } = renderForm();
    await userEvent.type(token(), '  atd_abc ');
    await userEvent.type(number(), '+55 (11) 99999-8888');
    await userEvent.type(body(), 'Seu pedido saiu');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fechar o ticket após o envio' }));
    await send();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith({ token: 'atd_abc', number: '5511999998888', body: 'Seu pedido saiu', closeTicket: true, file: null });
    await waitFor(() => expect(body()).toHaveValue(''));
    expect(number()).toHaveValue('+55 (11) 99999-8888');
    expect(token()).toHaveValue('  atd_abc ');
  });

  it('puts the API’s failing fields on their fields, translated, and keeps what was typed', async () => {
    const onSend = vi.fn(async () => Promise.reject(sampleErrors.validation));
    renderForm({ onSend, defaultValues: { token: 'atd_x', number: '5511999998888', body: 'Oi' } }, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const field = screen.getByRole('textbox', { name: /^Number/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Invalid number: use 10 to 15 digits'));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Oi');
  });

  it('marks the token field when the API refuses the token', async () => {
    const onSend = vi.fn(async () => Promise.reject(sampleErrors.invalidToken));
    renderForm({ onSend, defaultValues: { token: 'atd_wrong', number: '5511999998888', body: 'Oi' } });
    await send();
    await waitFor(() => expect(token()).toHaveAttribute('aria-invalid', 'true'));
    expect(token()).toHaveAccessibleDescription(expect.stringContaining('Token da API inválido ou desativado'));
    expect(token()).toHaveFocus();
  });

  it('shows the last answer below the button', () => {
    renderForm({ result: apiSendResult() });
    expect(screen.getByText('Mensagem aceita e na fila de envio')).toBeInTheDocument();
  });

  it('shows the pending state from outside', () => {
    renderForm({ isPending: true });
    expect(screen.getByRole('button', { name: /Enviar/ })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('ApiSendForm (media)', () => {
  it('requires a file; sends it with the caption; then clears both; axe-clean', async () => {
    const onSend = vi.fn(async () => undefined);
    const { container } = renderForm({ kind: 'media', onSend, defaultValues: { token: 'atd_x', number: '5511999998888' } });
    expect(screen.getByRole('form', { name: 'Teste de envio: arquivo' })).toBeInTheDocument();
    expect(screen.getByText('Nenhum arquivo escolhido.')).toBeInTheDocument();
    await send();
    expect(await screen.findByText('Escolha um arquivo')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Arquivo/ })).toHaveAccessibleDescription(expect.stringContaining('Escolha um arquivo'));
    expect(onSend).not.toHaveBeenCalled();

    const file = new File(['%PNG-data'], 'comprovante.png', { type: 'image/png' });
    choose(file);
    expect(await screen.findByText('comprovante.png')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Escolha um arquivo')).toBeNull());
    await userEvent.type(screen.getByRole('textbox', { name: 'Legenda (opcional)' }), 'Segue');
    await expectNoA11yViolations(container);
    await send();
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ token: 'atd_x', number: '5511999998888', body: 'Segue', closeTicket: false, file }));
    await waitFor(() => expect(screen.queryByText('comprovante.png')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Legenda (opcional)' })).toHaveValue('');
  });

  it('refuses a file over 64 MB before sending, and a chosen file can be removed', async () => {
    renderForm({ kind: 'media' });
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: API_MEDIA_MAX_BYTES + 1 });
    choose(big);
    expect(await screen.findByText('O arquivo passa de 64 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover video.mp4' }));
    expect(screen.getByText('Nenhum arquivo escolhido.')).toBeInTheDocument();
  });

  it('puts a refused file’s error on the file', async () => {
    const onSend = vi.fn(async () =>
      Promise.reject(
        new ApiRequestError(415, { error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'x', fields: [{ field: 'medias[0]', messages: ['Unsupported file type'] }] }),
      ),
    );
    renderForm({ kind: 'media', onSend, defaultValues: { token: 'atd_x', number: '5511999998888', file: new File(['PK'], 'a.zip') } });
    await send();
    expect(await screen.findByText('Tipo de arquivo não suportado.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Arquivo/ })).toHaveAccessibleDescription(expect.stringContaining('Tipo de arquivo não suportado.'));
  });
});
