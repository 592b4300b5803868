import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, screen, userEvent } from 'storybook/test';
import { connectionDto, connectionIn } from '../story-data';
import { QrCodeDialog } from './QrCodeDialog';

const meta = {
  title: 'Connections/QrCodeDialog',
  component: QrCodeDialog,
  args: {
    connection: connectionIn('qrcode'),
    isOpen: true,
    onOpenChange: fn(),
    onRequestPairingCode: fn(async () => undefined),
    onNewQrCode: fn(async () => undefined),
  },
} satisfies Meta<typeof QrCodeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The live QR code (256 px) beside the steps to scan it, and the attempts so far. */
export const QrCode: Story = {};
/** The first QR code: no attempt counted yet. */
export const FirstQrCode: Story = { args: { connection: { ...connectionIn('qrcode'), retries: 0 } } };
/** The session opens (OPENING): 'Gerando QR code…' until the QR code comes. */
export const WaitingForQrCode: Story = { args: { connection: connectionIn('OPENING') } };
/** The connection not in the list yet (the dialog opened right after a create): waiting as well. */
export const WaitingForConnection: Story = { args: { connection: undefined } };
/** 'Usar código de pareamento': the phone number to ask a pairing code for. */
export const PairingNumber: Story = {
  play: async () => {
    await userEvent.click(document.querySelector<HTMLElement>('.atd-QrCodeDialog-switch')!);
    await screen.findByRole('textbox');
  },
};
/** A pairing code asked for (PAIRING), not come yet. */
export const WaitingForPairingCode: Story = { args: { connection: { ...connectionIn('PAIRING'), pairingCode: null } } };
/** The pairing code (PAIRING), large and copyable, with the steps to type it on the phone. */
export const PairingCode: Story = { args: { connection: connectionIn('PAIRING') } };
/** The QR code expired (DISCONNECTED): 'Novo QR CODE'. */
export const Expired: Story = { args: { connection: connectionIn('DISCONNECTED') } };
/** The session lost (TIMEOUT): a new QR code as well. */
export const SessionLost: Story = { args: { connection: connectionIn('TIMEOUT') } };
/** Connected (the connected page closes the dialog at once, with a toast). */
export const Connected: Story = { args: { connection: connectionDto({ name: 'Comercial', status: 'CONNECTED' }) } };
/** A new QR code asked for on a disconnected row: until the command answers, the old status is not shown. */
export const StartingFromDisconnected: Story = { args: { connection: connectionIn('DISCONNECTED'), isStarting: true } };
