import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppError } from '../common/errors';
import { forkForCompany } from '../database/tenant-filter';
import { RealtimeService } from '../realtime/realtime.service';
import { ConnectionError } from './connection.errors';
import type { InboundMessage, MessagingProvider, OutboundContent, ProviderEvents } from './providers/messaging-provider';
import { ConnectionStatus, ProviderName, Whatsapp } from './whatsapp.entity';

export const MESSAGING_PROVIDERS = Symbol('MESSAGING_PROVIDERS');

/** What the ticket module registers to receive normalised provider events (keeps this module free of it). */
export interface InboundHandler {
  message(companyId: number, whatsappId: number, message: InboundMessage): void;
  ack(companyId: number, whatsappId: number, providerId: string, ack: number): void;
  edit(companyId: number, whatsappId: number, providerId: string, body: string): void;
  revoke(companyId: number, whatsappId: number, providerId: string): void;
}

/**
 * Runs the sessions of the connections this process owns: connects them through their provider, records
 * status changes and hands inbound events to the ticket module. In this version one process owns every
 * session (ROLE all or worker); the Redis lease that spreads them over workers comes with the real provider.
 */
@Injectable()
export class ConnectionSessionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Sessions');
  private readonly companyOf = new Map<number, number>();
  private readonly providerOf = new Map<number, MessagingProvider>();
  private handler?: InboundHandler;

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @Inject(MESSAGING_PROVIDERS) private readonly providers: Record<ProviderName, MessagingProvider | undefined>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onInbound(handler: InboundHandler): void {
    this.handler = handler;
  }

  /** Reconnects, at start, the connections that were not deliberately disconnected. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    const em = this.em.fork();
    const rows = await em.find(Whatsapp, { status: { $ne: 'DISCONNECTED' } }, { filters: false });
    for (const w of rows) {
      void this.start(w.companyId, w.id).catch((e: unknown) => this.log.warn(`connection ${w.id} did not start: ${String(e)}`));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const [id, provider] of this.providerOf) await provider.disconnect(id).catch(() => undefined);
    this.providerOf.clear();
  }

  isRunning(whatsappId: number): boolean {
    return this.providerOf.has(whatsappId);
  }

  async start(companyId: number, whatsappId: number): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const w = await em.findOne(Whatsapp, { id: whatsappId, companyId }, { populate: ['session'] });
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    const provider = this.providers[w.provider as ProviderName];
    if (!provider) throw new AppError(ConnectionError.ERR_PROVIDER_UNAVAILABLE);
    this.companyOf.set(w.id, companyId);
    this.providerOf.set(w.id, provider);
    await provider.connect({ id: w.id, companyId, session: w.session }, this.events);
  }

  async stop(companyId: number, whatsappId: number): Promise<void> {
    const provider = this.providerOf.get(whatsappId);
    if (!provider || this.companyOf.get(whatsappId) !== companyId) return;
    await provider.disconnect(whatsappId);
    this.providerOf.delete(whatsappId);
    await this.recordStatus(whatsappId, 'DISCONNECTED', { qrcode: null });
  }

  /** The provider of a running session of the company, or ERR_WAPP_NOT_INITIALIZED. */
  private running(companyId: number, whatsappId: number): MessagingProvider {
    const provider = this.providerOf.get(whatsappId);
    if (!provider || this.companyOf.get(whatsappId) !== companyId) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    return provider;
  }

  send(companyId: number, whatsappId: number, to: string, content: OutboundContent) {
    return this.running(companyId, whatsappId).send(whatsappId, to, content);
  }

  edit(companyId: number, whatsappId: number, to: string, providerId: string, body: string) {
    return this.running(companyId, whatsappId).edit(whatsappId, to, providerId, body);
  }

  delete(companyId: number, whatsappId: number, to: string, providerId: string) {
    return this.running(companyId, whatsappId).delete(whatsappId, to, providerId);
  }

  markRead(companyId: number, whatsappId: number, chatId: string, providerIds: string[]) {
    return this.running(companyId, whatsappId).markRead(whatsappId, chatId, providerIds);
  }

  async phoneBook(companyId: number, whatsappId?: number): Promise<{ name: string; number: string }[]> {
    const id = whatsappId ?? (await this.defaultConnectionId(companyId));
    return this.running(companyId, id).phoneBook(id);
  }

  async defaultConnectionId(companyId: number): Promise<number> {
    const em = forkForCompany(this.em, companyId);
    const w = (await em.findOne(Whatsapp, { companyId, isDefault: true })) ?? (await em.findOne(Whatsapp, { companyId }, { orderBy: { id: 'asc' } }));
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    return w.id;
  }

  private readonly events: ProviderEvents = {
    status: (whatsappId, status, extra) => void this.recordStatus(whatsappId, status, extra),
    message: (whatsappId, message) => {
      const companyId = this.companyOf.get(whatsappId);
      if (companyId !== undefined) this.handler?.message(companyId, whatsappId, message);
    },
    ack: (whatsappId, providerId, ack) => {
      const companyId = this.companyOf.get(whatsappId);
      if (companyId !== undefined) this.handler?.ack(companyId, whatsappId, providerId, ack);
    },
    edit: (whatsappId, providerId, body) => {
      const companyId = this.companyOf.get(whatsappId);
      if (companyId !== undefined) this.handler?.edit(companyId, whatsappId, providerId, body);
    },
    revoke: (whatsappId, providerId) => {
      const companyId = this.companyOf.get(whatsappId);
      if (companyId !== undefined) this.handler?.revoke(companyId, whatsappId, providerId);
    },
  };

  private async recordStatus(whatsappId: number, status: ConnectionStatus, extra?: { qrcode?: string | null; number?: string | null }) {
    const companyId = this.companyOf.get(whatsappId);
    if (companyId === undefined) return;
    try {
      const em = forkForCompany(this.em, companyId);
      const w = await em.findOne(Whatsapp, { id: whatsappId, companyId });
      if (!w) return;
      w.status = status;
      if (extra && 'qrcode' in extra) w.qrcode = extra.qrcode ?? null;
      if (extra?.number) w.number = extra.number;
      if (status === 'CONNECTED') w.retries = 0;
      await em.flush();
      this.realtime.emit(companyId, 'whatsappSession', {
        action: 'update',
        session: { id: w.id, name: w.name, status: w.status, qrcode: w.qrcode ?? null, retries: w.retries, number: w.number ?? null },
      });
    } catch (e) {
      this.log.warn(`status of connection ${whatsappId} not recorded: ${String(e)}`);
    }
  }

}
