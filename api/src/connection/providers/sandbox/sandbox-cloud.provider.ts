import { randomBytes } from 'node:crypto';
import { ProviderError } from '../messaging-provider';
import type { ChatPresence, ConnectionHandle, MessagingProvider, NumberCheck, OutboundContent, ProviderEvents, ProviderTemplate } from '../messaging-provider';
import type { SandboxNetwork } from './sandbox-network';
import { sandboxNumberOf } from './sandbox.provider';
import { renderSandboxTemplate, SANDBOX_TEMPLATES, sandboxTemplate } from './sandbox-templates';

/** Meta's customer service window: free messages only within 24 hours of the customer's last message. */
export const SANDBOX_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The sandbox network as Meta's official WhatsApp Cloud API offers it (`sandbox_cloud`): the same phones, reached
 * as a business number is. No QR code or pairing code: the connection is CONNECTED as soon as it starts, with its
 * number, quality rating and messaging limit. Outside the customer's 24-hour window (no message from that phone
 * to this connection in the last 24 h, as the network knows it) only an approved template goes out; anything else
 * is refused as Meta refuses it (ERR_WINDOW_CLOSED). Templates are a fixed set (`sandbox-templates.ts`). Statuses
 * as the network reports them (sent, delivered, read); a number without an account is accepted and then reported
 * failed, as Meta does. A sent message cannot be edited or deleted; no calls, no groups, no address book.
 */
export class SandboxCloudProvider implements MessagingProvider {
  readonly name = 'sandbox_cloud' as const;
  private readonly events = new Map<number, ProviderEvents>();

  constructor(
    readonly network: SandboxNetwork,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void> {
    const number = sandboxNumberOf(connection.id);
    this.events.set(connection.id, events);
    this.network.attach(connection.id, number, events);
    events.status(connection.id, 'CONNECTED', { qrcode: null, pairingCode: null, number, qualityRating: 'GREEN', messagingLimit: 'TIER_1K' });
  }

  async disconnect(whatsappId: number): Promise<void> {
    this.events.delete(whatsappId);
    this.network.detach(whatsappId);
  }

  /** Whether the phone's window with this connection is open now. */
  windowOpen(whatsappId: number, to: string): boolean {
    const at = this.network.lastInboundAt(whatsappId, to);
    return Boolean(at && this.clock().getTime() - at.getTime() < SANDBOX_WINDOW_MS);
  }

  async send(whatsappId: number, to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    this.assertConnected(whatsappId);
    let body = content.body;
    if (content.template) {
      const template = sandboxTemplate(content.template.name, content.template.language);
      if (!template) {
        throw new ProviderError(
          `No approved template ${content.template.name} (${content.template.language}) in this business account`,
          'ERR_TEMPLATE_NOT_FOUND',
        );
      }
      if (content.template.params.length !== template.params) {
        throw new ProviderError(
          `Template ${template.name} takes ${template.params} parameters, ${content.template.params.length} given`,
          'ERR_SENDING_WAPP_MSG',
        );
      }
      body = content.body || renderSandboxTemplate(template, content.template.params);
    } else if (!this.windowOpen(whatsappId, to)) {
      throw new ProviderError('Re-engagement message: more than 24 hours since the customer last replied; only a template can be sent', 'ERR_WINDOW_CLOSED');
    }
    if (!this.network.hasAccount(to)) return this.undeliverable(whatsappId, content.providerId);
    const { template: _template, ...rest } = content;
    return this.network.deliverToPhone(whatsappId, to, { ...rest, body, type: content.template ? 'chat' : content.type });
  }

  /** Meta accepts a message to a number without WhatsApp and reports it failed afterwards. */
  private undeliverable(whatsappId: number, id?: string): { providerId: string; timestamp: Date } {
    const providerId = id ?? `wamid.SB${randomBytes(10).toString('hex').toUpperCase()}`;
    const events = this.events.get(whatsappId);
    setImmediate(() => events?.failed?.(whatsappId, providerId, 'ERR_WAPP_INVALID_CONTACT', 'Message undeliverable: this number is not on WhatsApp'));
    return { providerId, timestamp: this.clock() };
  }

  async edit(): Promise<void> {
    throw new ProviderError('The official WhatsApp API cannot edit or delete a sent message', 'ERR_NOT_ON_OFFICIAL');
  }

  async delete(): Promise<void> {
    throw new ProviderError('The official WhatsApp API cannot edit or delete a sent message', 'ERR_NOT_ON_OFFICIAL');
  }

  async markRead(_whatsappId: number, chatId: string, providerIds: string[]): Promise<void> {
    this.network.markReadByConnection(chatId, providerIds);
  }

  async presence(whatsappId: number, to: string, state: ChatPresence): Promise<void> {
    this.network.presenceToPhone(whatsappId, to, state);
  }

  /** The official API has no address book. */
  async phoneBook(): Promise<{ name: string; number: string }[]> {
    return [];
  }

  async checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]> {
    this.assertConnected(whatsappId);
    return numbers.map((n) => ({ number: n.replace(/\D/g, ''), exists: this.network.hasAccount(n) }));
  }

  async templates(): Promise<ProviderTemplate[]> {
    return SANDBOX_TEMPLATES.map((t) => ({ ...t }));
  }

  private assertConnected(whatsappId: number): void {
    if (!this.network.isAttached(whatsappId)) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
  }
}
