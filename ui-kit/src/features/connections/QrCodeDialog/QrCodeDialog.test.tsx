import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { Connection } from '../connection-rules';
import { SAMPLE_QR, connectionDto } from '../story-data';
import { QR_CODE_SIZE, QrCodeDialog, type QrCodeDialogProps } from './QrCodeDialog';

function renderDialog(connection: Connection | undefined, props: Partial<QrCodeDialogProps> = {}) {
  const onRequestPairingCode = vi.fn<QrCodeDialogProps['onRequestPairingCode']>(async () => undefined);
  const onNewQrCode = vi.fn(async () => undefined);
  const onOpenChange = vi.fn();
  const ui = (c: Connection | undefined) => (
    <AtendeRoot>
      <QrCodeDialog isOpen onOpenChange={onOpenChange} connection={c} onRequestPairingCode={onRequestPairingCode} onNewQrCode={onNewQrCode} {...props} />
    </AtendeRoot>
  );
  const utils = render(ui(connection));
  return { ...utils, onRequestPairingCode, onNewQrCode, onOpenChange, update: (c: Connection | undefined) => utils.rerender(ui(c)) };
}

const waiting = connectionDto({ id: 2, name: 'Comercial', status: 'OPENING' });
const scanning = connectionDto({ id: 2, name: 'Comercial', status: 'qrcode', qrcode: SAMPLE_QR, retries: 2 });

describe('QrCodeDialog', () => {
  it('says the QR code is on its way while the session opens, then shows it live, 256 px, with the steps and attempts', async () => {
    const { update } = renderDialog(waiting);
    expect(screen.getByRole('dialog', { name: 'Conectar Comercial' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Gerando QR code…' })).toBeInTheDocument();

    update(scanning);
    const qr = screen.getByRole('img', { name: 'QR code para conectar o WhatsApp' });
    expect(qr).toHaveAttribute('width', String(QR_CODE_SIZE));
    const steps = within(screen.getByRole('list', { name: 'Para conectar o WhatsApp:' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Abra o WhatsApp no seu celular.',
      'Toque em Mais opções (⋮) no Android, ou em Configurações no iPhone.',
      'Toque em Aparelhos conectados e depois em Conectar um aparelho.',
      'Aponte o celular para esta tela para ler o QR code.',
    ]);
    expect(screen.getByText('Tentativas: 2')).toBeInTheDocument();
    await expectNoA11yViolations(screen.getByRole('dialog'));

    // A new QR code replaces the old one in place.
    const before = qr.innerHTML;
    update({ ...scanning, qrcode: `${SAMPLE_QR}-novo`, retries: 3 });
    expect(screen.getByRole('img', { name: 'QR code para conectar o WhatsApp' }).innerHTML).not.toBe(before);
    expect(screen.getByText('Tentativas: 3')).toBeInTheDocument();
  });

  it('asks for a pairing code with the phone number, then shows the code large and copyable with its steps', async () => {
    const { onRequestPairingCode, update } = renderDialog(scanning);
    await userEvent.click(screen.getByRole('button', { name: 'Usar código de pareamento' }));
    const number = screen.getByRole('textbox', { name: /Número do WhatsApp/ });
    expect(number).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Gerar código' }));
    expect(await screen.findByText('Informe o número do WhatsApp')).toBeInTheDocument();
    await userEvent.type(number, '55 11 9999');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar código' }));
    expect(await screen.findByText('Informe de 10 a 15 dígitos: código do país, DDD e número.')).toBeInTheDocument();
    expect(onRequestPairingCode).not.toHaveBeenCalled();
    await userEvent.clear(number);
    await userEvent.type(number, '+55 (11) 99999-8888');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar código' }));
    await waitFor(() => expect(onRequestPairingCode).toHaveBeenCalledWith('5511999998888'));
    expect(await screen.findByRole('progressbar', { name: 'Gerando código de pareamento…' })).toBeInTheDocument();

    update({ ...scanning, status: 'OPENING', qrcode: null });
    expect(screen.getByRole('progressbar', { name: 'Gerando código de pareamento…' })).toBeInTheDocument();
    update({ ...scanning, status: 'PAIRING', qrcode: null, pairingCode: 'K7QP2M9X' });
    expect(screen.getByText('K7QP-2M9X')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Código de pareamento' })).toHaveTextContent('K7QP-2M9X');
    expect(screen.getByRole('button', { name: 'Copiar Código de pareamento' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'No celular:' })).getAllByRole('listitem')[2]).toHaveTextContent(
      'Toque em Conectar com número de telefone.',
    );
    await expectNoA11yViolations(screen.getByRole('dialog'));
  });

  it('copies the pairing code', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderDialog({ ...scanning, status: 'PAIRING', qrcode: null, pairingCode: 'K7QP2M9X' });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Código de pareamento' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('K7QP2M9X'));
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('goes back to the QR code: from the form at once, from a pairing code with a new QR code', async () => {
    const { onNewQrCode } = renderDialog(scanning);
    await userEvent.click(screen.getByRole('button', { name: 'Usar código de pareamento' }));
    await userEvent.click(screen.getByRole('button', { name: 'Usar QR code' }));
    expect(screen.getByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeInTheDocument();
    expect(onNewQrCode).not.toHaveBeenCalled();
  });

  it('a pairing code’s dialog asks for a new QR code to go back', async () => {
    const { onNewQrCode } = renderDialog({ ...scanning, status: 'PAIRING', qrcode: null, pairingCode: 'K7QP2M9X' });
    await userEvent.click(screen.getByRole('button', { name: 'Usar QR code' }));
    await waitFor(() => expect(onNewQrCode).toHaveBeenCalledTimes(1));
  });

  it('shows why a pairing code was refused', async () => {
    const onRequestPairingCode = vi
      .fn<QrCodeDialogProps['onRequestPairingCode']>()
      .mockRejectedValueOnce(
        new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'pairingNumber', messages: ['Invalid number'] }] }),
      )
      .mockRejectedValueOnce(new ApiRequestError(501, { error: 'ERR_PROVIDER_UNAVAILABLE', message: 'no' }));
    renderDialog(scanning, { onRequestPairingCode });
    await userEvent.click(screen.getByRole('button', { name: 'Usar código de pareamento' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Número do WhatsApp/ }), '5511999998888');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar código' }));
    expect(await screen.findByText('Invalid number')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gerar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este provedor de mensagens ainda não está disponível neste servidor.');
  });

  it('offers a new QR code when the QR code expired or the phone was lost', async () => {
    const { onNewQrCode, update } = renderDialog({ ...scanning, status: 'DISCONNECTED', qrcode: null });
    expect(screen.getByText('O QR code expirou sem ser lido.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Novo QR code' }));
    await waitFor(() => expect(onNewQrCode).toHaveBeenCalledTimes(1));
    update({ ...scanning, status: 'TIMEOUT', qrcode: null });
    expect(screen.getByText('A conexão com o celular foi perdida.')).toBeInTheDocument();
  });

  it('closes with its button and with Escape', async () => {
    const { onOpenChange } = renderDialog(scanning);
    await userEvent.click(screen.getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
