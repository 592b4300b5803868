import { randomBytes } from 'node:crypto';
import type { SandboxScan } from '../../../config/app-config';
import { ProviderError } from '../messaging-provider';
import type { ConnectionHandle, MessagingProvider, NumberCheck, OutboundContent, ProviderEvents } from '../messaging-provider';
import { SandboxNetwork } from './sandbox-network';

/** The number a sandbox connection gets: stable per connection id. */
export const sandboxNumberOf = (whatsappId: number) => `5500000${String(whatsappId).padStart(6, '0')}`;

/**
 * A connection on the sandbox network goes through OPENING and qrcode (a fake code) to CONNECTED like a real one.
 * `stepMs` spaces the steps so a UI can show them.
 */
export class SandboxProvider implements MessagingProvider {
  readonly name = 'sandbox' as const;

  constructor(
    readonly network: SandboxNetwork,
    private readonly stepMs = 30,
    private readonly scan: SandboxScan = 'auto',
  ) {}

  async connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void> {
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

  async presence(): Promise<void> {
    // Presence is accepted and not simulated.
  }

  async phoneBook(whatsappId: number): Promise<{ name: string; number: string }[]> {
    return this.network.phoneBook(whatsappId);
  }

  async checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]> {
    if (!this.network.isAttached(whatsappId)) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    return numbers.map((n) => ({ number: n.replace(/\D/g, ''), exists: this.network.hasAccount(n) }));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
