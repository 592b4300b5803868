import { randomBytes } from 'node:crypto';
import type { SandboxScan } from '../../../config/app-config';
import { ProviderError } from '../messaging-provider';
import type { ChatPresence, ConnectionHandle, IncomingCall, MessagingProvider, NumberCheck, OutboundContent, ProviderEvents } from '../messaging-provider';
import { newPairingCode, SandboxNetwork } from './sandbox-network';

/** The number a sandbox connection gets: stable per connection id. */
export const sandboxNumberOf = (whatsappId: number) => `5500000${String(whatsappId).padStart(6, '0')}`;

/**
 * A connection on the sandbox network goes through OPENING and qrcode (a fake code) to CONNECTED like a real one.
 * With a pairing number it shows a pairing code instead (PAIRING, `pairingCode`: 8 characters, as Baileys reports
 * WhatsApp's), which the phone of that number types to link it; the connection then has that phone's number.
 * `stepMs` spaces the steps so a UI can show them. `scan` auto: the phone scans the QR code (or types the code) one
 * step later; manual: it waits for POST /sandbox/connections/{id}/scan (or /sandbox/phones/{number}/link).
 */
export class SandboxProvider implements MessagingProvider {
  readonly name = 'sandbox' as const;

  constructor(
    readonly network: SandboxNetwork,
    private readonly stepMs = 30,
    private readonly scan: SandboxScan = 'auto',
  ) {}

  async connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void> {
    const pairingNumber = connection.pairingNumber?.replace(/\D/g, '');
    if (pairingNumber) return this.connectByPairingCode(connection.id, pairingNumber, events);
    const number = sandboxNumberOf(connection.id);
    events.status(connection.id, 'OPENING');
    await sleep(this.stepMs);
    events.status(connection.id, 'qrcode', { qrcode: `sandbox:${connection.id}:${randomBytes(8).toString('hex')}` });
    const link = () => {
      this.network.attach(connection.id, number, events);
      events.status(connection.id, 'CONNECTED', { qrcode: null, number });
    };
    if (this.scan === 'manual') return this.network.showQrCode(connection.id, link);
    await sleep(this.stepMs);
    link();
  }

  private async connectByPairingCode(whatsappId: number, number: string, events: ProviderEvents): Promise<void> {
    events.status(whatsappId, 'OPENING');
    await sleep(this.stepMs);
    const code = newPairingCode();
    events.status(whatsappId, 'PAIRING', { pairingCode: code, qrcode: null });
    this.network.showPairingCode(whatsappId, number, code, () => {
      this.network.attach(whatsappId, number, events);
      events.status(whatsappId, 'CONNECTED', { qrcode: null, pairingCode: null, number });
    });
    if (this.scan === 'manual') return;
    await sleep(this.stepMs);
    this.network.enterPairingCode(number, code, whatsappId);
  }

  async disconnect(whatsappId: number): Promise<void> {
    this.network.detach(whatsappId);
  }

  async send(whatsappId: number, to: string, content: OutboundContent) {
    return this.network.deliverToPhone(whatsappId, to, content);
  }

  async edit(whatsappId: number, to: string, providerId: string, body: string): Promise<void> {
    this.network.edit(whatsappId, to, providerId, body);
  }

  async delete(whatsappId: number, to: string, providerId: string): Promise<void> {
    this.network.delete(whatsappId, to, providerId);
  }

  async markRead(_whatsappId: number, chatId: string, providerIds: string[]): Promise<void> {
    this.network.markReadByConnection(chatId, providerIds);
  }

  async presence(whatsappId: number, to: string, state: ChatPresence): Promise<void> {
    this.network.presenceToPhone(whatsappId, to, state);
  }

  async phoneBook(whatsappId: number): Promise<{ name: string; number: string }[]> {
    return this.network.phoneBook(whatsappId);
  }

  async rejectCall(whatsappId: number, call: Pick<IncomingCall, 'id' | 'from'>): Promise<void> {
    this.network.rejectCall(whatsappId, call.id, call.from);
  }

  async checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]> {
    if (!this.network.isAttached(whatsappId)) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    return numbers.map((n) => ({ number: n.replace(/\D/g, ''), exists: this.network.hasAccount(n) }));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
