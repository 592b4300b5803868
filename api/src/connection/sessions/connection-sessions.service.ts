import { asCompanyId, CompanyId } from '../../common/tenancy/company-id';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig, runsWorkers } from '../../config/app-config';
import { AppError } from '../../common/http/errors';
import { forkForCompany, withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import { ConnectionError } from '../connection.errors';
import { ProviderError } from '../providers/messaging-provider';
import type {
  IncomingCall,
  InboundMessage,
  MessagingProvider,
  NumberCheck,
  OutboundContent,
  ProviderEvents,
  ProviderTemplate,
  StatusExtra,
} from '../providers/messaging-provider';
import { SessionLeaseService } from './session-lease.service';
import { RemoteSessionError, SessionRpcBus } from './session-rpc.bus';
import { mapWhatsapp } from '../whatsapps/dto/whatsapp.dto';
import { ConnectionStatus, ProviderName, Whatsapp } from '../whatsapps/whatsapp.entity';

export const MESSAGING_PROVIDERS = Symbol('MESSAGING_PROVIDERS');

/** What the ticket module registers to receive normalised provider events (keeps this module free of it). */
export interface InboundHandler {
  /** Resolves once the message is committed; rejects when it could not be stored. */
  message(companyId: CompanyId, whatsappId: number, message: InboundMessage): Promise<void>;
  /** Resolves once recorded, where the handler waits for it (a webhook answers Meta after it). */
  ack(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): void | Promise<void>;
  /** A sent message the network reported undeliverable (ProviderEvents.failed): ack -1 with the code and the reason. */
  failed(companyId: CompanyId, whatsappId: number, providerId: string, code: string, reason: string): void | Promise<void>;
  edit(companyId: CompanyId, whatsappId: number, providerId: string, body: string): void;
  revoke(companyId: CompanyId, whatsappId: number, providerId: string): void;
}

/** What a webhook delivers for a connection (the official API): a message, an ack or a failure of a sent one. */
export type ReceivedEvent =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'ack'; providerId: string; ack: number }
  | { kind: 'failed'; providerId: string; code: string; reason: string };

/** What decides about a call ringing at a connection (the ticket module's IncomingCallsService). */
export type CallHandler = (companyId: CompanyId, whatsappId: number, call: IncomingCall) => Promise<void>;

type SessionCommand = 'send' | 'edit' | 'delete' | 'markRead' | 'presence' | 'phoneBook' | 'checkNumbers' | 'rejectCall' | 'templates' | 'stop';
type PresenceState = Parameters<MessagingProvider['presence']>[2];

/**
 * Runs the WhatsApp sessions this process owns and routes every session command to wherever its session runs.
 *
 * Ownership: a process with ROLE all or worker runs a session only while it holds the session's lease in
 * Redis (SessionLeaseService; commands reach the owner through SessionRpcBus). Every third of the lease it extends the leases of its sessions, drops a
 * session whose lease another worker now holds (or that it could not confirm for a whole lease), and starts
 * the connections that should run (status not DISCONNECTED) whose lease is free: at boot, when a worker
 * died, or when a new worker joins. So each session runs on exactly one worker, and another takes it over
 * within about one lease when that worker dies. A ROLE=api process runs none.
 *
 * Commands (send, edit, delete, read receipts, presence, phone book, stop) run locally when the session is
 * here, else on the owner over Redis; with no owner they fail with ERR_WAPP_NOT_INITIALIZED. Every command
 * names the company, and the owner checks the session belongs to it.
 */
@Injectable()
export class ConnectionSessionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('Sessions');
  /** The sessions running in this process: their company, provider and when their lease was last confirmed. */
  private readonly local = new Map<number, { companyId: CompanyId; provider: MessagingProvider; confirmedAt: number }>();
  private readonly starting = new Map<number, Promise<boolean>>();
  /** Per connection, the tail of its status records. */
  private readonly statusChains = new Map<number, Promise<void>>();
  private handler?: InboundHandler;
  private callHandler?: CallHandler;
  /** Commands other modules add (sandbox phones), run where the session runs like the provider's own. */
  private readonly extraCommands = new Map<string, (companyId: CompanyId, whatsappId: number, args: unknown[]) => Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private closing = false;

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly lease: SessionLeaseService,
    private readonly rpc: SessionRpcBus,
    @Inject(MESSAGING_PROVIDERS) private readonly providers: Record<ProviderName, MessagingProvider | undefined>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onInbound(handler: InboundHandler): void {
    this.handler = handler;
  }

  onCall(handler: CallHandler): void {
    this.callHandler = handler;
  }

  private get runsSessions(): boolean {
    return runsWorkers(this.config.role);
  }

  /** Serves other processes' commands, starts the connections nobody runs, and keeps the leases alive. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.runsSessions) return;
    this.rpc.serve((op, args) => this.runLocal(op, args));
    // A worker shutting down gave a session up: start it here now if the lease is free (another worker may win it).
    this.rpc.onReleased(() => {
      if (!this.closing) void this.sweep().catch((e: unknown) => this.log.warn(`sessions not started: ${String(e)}`));
    });
    await this.sweep().catch((e: unknown) => this.log.warn(`sessions not started: ${String(e)}`));
    this.timer = setInterval(() => void this.tick(), Math.max(100, Math.floor(this.lease.leaseMs / 3)));
    this.timer.unref();
  }

  /**
   * Ends the local sessions and frees their leases (while Redis is still open), and tells the other workers, so one
   * of them takes each over at once rather than at its next upkeep round. A graceful shutdown (src/shutdown.ts) gets
   * here after the running jobs, which send through these sessions, finished or were handed back.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.starting.values()]);
    const ids = [...this.local.keys()];
    for (const id of ids) await this.drop(id);
    for (const id of ids) await this.rpc.announceReleased(id);
    if (ids.length) this.log.log(`connections ${ids.join(', ')}: sessions stopped here and their leases freed`);
  }

  isRunning(whatsappId: number): boolean {
    return this.local.has(whatsappId);
  }

  /**
   * Starts the connection's session here if no other live worker runs it: true when it runs here.
   * A ROLE=api process runs none (false): a worker's next sweep starts it.
   */
  start(companyId: CompanyId, whatsappId: number): Promise<boolean> {
    return this.startHere(companyId, whatsappId, false);
  }

  private startHere(companyId: CompanyId, whatsappId: number, onlyIfWanted: boolean): Promise<boolean> {
    if (!this.runsSessions || this.closing) return Promise.resolve(false);
    const here = this.local.get(whatsappId);
    if (here) return Promise.resolve(here.companyId === companyId);
    let pending = this.starting.get(whatsappId);
    if (!pending) {
      pending = this.doStart(companyId, whatsappId, onlyIfWanted).finally(() => this.starting.delete(whatsappId));
      this.starting.set(whatsappId, pending);
    }
    return pending;
  }

  /** `onlyIfWanted` (a sweep): read the status only once the lease is ours, so a stop that just freed it wins. */
  private async doStart(companyId: CompanyId, whatsappId: number, onlyIfWanted: boolean): Promise<boolean> {
    if (onlyIfWanted && !(await this.lease.acquire(whatsappId))) return false;
    const em = forkForCompany(this.em, companyId);
    const w = await em.findOne(Whatsapp, { id: whatsappId, companyId }, { populate: ['session'] });
    const provider = w && this.providers[w.provider as ProviderName];
    if (!w || !provider || (onlyIfWanted && w.status === 'DISCONNECTED')) {
      if (onlyIfWanted) await this.lease.release(whatsappId);
      if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
      if (!provider) throw new AppError(ConnectionError.ERR_PROVIDER_UNAVAILABLE);
      return false;
    }
    if (!onlyIfWanted && !(await this.lease.acquire(w.id))) return false;
    this.local.set(w.id, { companyId, provider, confirmedAt: Date.now() });
    try {
      await provider.connect({ id: w.id, companyId, session: w.session, pairingNumber: w.pairingNumber ?? null }, this.events);
    } catch (e) {
      this.local.delete(w.id);
      await this.lease.release(w.id);
      throw e;
    }
    // Which worker runs which session, for an operator (and the multi-process test) to read.
    this.log.log(`connection ${w.id}: session runs on this worker (${this.lease.workerId})`);
    return true;
  }

  /**
   * Disconnects the session on purpose (status DISCONNECTED: no worker starts it again), wherever it runs.
   * `logout`: also unlink the device from the phone and forget the stored login, so the next start shows a new QR.
   */
  async stop(companyId: CompanyId, whatsappId: number, options: { logout?: boolean } = {}): Promise<void> {
    const logout = options.logout === true;
    if (!this.local.has(whatsappId)) {
      const owner = await this.lease.ownerOf(whatsappId);
      if (owner && owner !== this.lease.workerId) return void (await this.remote(owner, 'stop', [companyId, whatsappId, logout]));
    }
    await this.stopHere(companyId, whatsappId, logout);
  }

  /**
   * (Re)starts a connection's session from a clean state, wherever it ran: any running copy is stopped, the stored
   * login is forgotten when `fresh` (a new QR code), and the connection goes to OPENING with `pairingNumber` (or
   * none: a QR code). This process starts it when it runs sessions; otherwise a worker's next sweep does.
   */
  async restart(companyId: CompanyId, whatsappId: number, options: { fresh: boolean; pairingNumber?: string | null }): Promise<void> {
    await this.stop(companyId, whatsappId);
    if (options.fresh) await this.resetLogin(companyId, whatsappId);
    await this.recordStatus(whatsappId, 'OPENING', { qrcode: null, pairingCode: null, retries: 0 }, companyId, options.pairingNumber ?? null);
    await this.start(companyId, whatsappId).catch((e: unknown) => this.log.warn(`connection ${whatsappId} did not start: ${String(e)}`));
  }

  /** The stop on the process the command reached; it is never forwarded again. */
  private async stopHere(companyId: CompanyId, whatsappId: number, logout = false): Promise<void> {
    const here = this.local.get(whatsappId);
    if (here && here.companyId !== companyId) return;
    // The status first: once the lease is free, a worker's sweep must already see DISCONNECTED.
    await this.recordStatus(whatsappId, 'DISCONNECTED', { qrcode: null, pairingCode: null }, companyId, null);
    if (here && logout) await here.provider.logout?.(whatsappId).catch((e: unknown) => this.log.warn(`connection ${whatsappId}: logout failed: ${String(e)}`));
    if (here) await this.drop(whatsappId);
    if (logout) await this.resetLogin(companyId, whatsappId);
  }

  /** Forgets the connection's stored login (its provider's auth state). */
  private async resetLogin(companyId: CompanyId, whatsappId: number): Promise<void> {
    const w = await forkForCompany(this.em, companyId).findOne(Whatsapp, { id: whatsappId, companyId }, { fields: ['provider'] });
    const provider = w && this.providers[w.provider as ProviderName];
    await provider?.reset?.(whatsappId, companyId);
  }

  send(companyId: CompanyId, whatsappId: number, to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    return this.command<{ providerId: string; timestamp: Date | string }>('send', companyId, whatsappId, [to, content]).then((sent) => ({
      providerId: sent.providerId,
      timestamp: new Date(sent.timestamp),
    }));
  }

  edit(companyId: CompanyId, whatsappId: number, to: string, providerId: string, body: string): Promise<void> {
    return this.command('edit', companyId, whatsappId, [to, providerId, body]);
  }

  delete(companyId: CompanyId, whatsappId: number, to: string, providerId: string): Promise<void> {
    return this.command('delete', companyId, whatsappId, [to, providerId]);
  }

  markRead(companyId: CompanyId, whatsappId: number, chatId: string, providerIds: string[]): Promise<void> {
    return this.command('markRead', companyId, whatsappId, [chatId, providerIds]);
  }

  presence(companyId: CompanyId, whatsappId: number, to: string, state: PresenceState): Promise<void> {
    return this.command('presence', companyId, whatsappId, [to, state]);
  }

  async phoneBook(companyId: CompanyId, whatsappId?: number): Promise<{ name: string; number: string }[]> {
    const id = whatsappId ?? (await this.defaultConnectionId(companyId));
    return this.command('phoneBook', companyId, id, []);
  }

  /** Declines a call the connection reported; ERR_WAPP_NOT_INITIALIZED when its provider cannot. */
  rejectCall(companyId: CompanyId, whatsappId: number, call: Pick<IncomingCall, 'id' | 'from'>): Promise<void> {
    return this.command('rejectCall', companyId, whatsappId, [{ id: call.id, from: call.from }]);
  }

  /** Official API: the business account's message templates (all statuses), asked where the session runs; ERR_NOT_OFFICIAL for others. */
  templates(companyId: CompanyId, whatsappId: number): Promise<ProviderTemplate[]> {
    return this.command('templates', companyId, whatsappId, []);
  }

  /** Which numbers have a WhatsApp account, asked through a connection's session (the default connection when none is named). */
  async checkNumbers(companyId: CompanyId, numbers: string[], whatsappId?: number): Promise<NumberCheck[]> {
    const id = whatsappId ?? (await this.defaultConnectionId(companyId));
    return this.command('checkNumbers', companyId, id, [numbers]);
  }

  async defaultConnectionId(companyId: CompanyId): Promise<number> {
    const em = forkForCompany(this.em, companyId);
    const w = (await em.findOne(Whatsapp, { companyId, isDefault: true })) ?? (await em.findOne(Whatsapp, { companyId }, { orderBy: { id: 'asc' } }));
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    return w.id;
  }

  /**
   * Adds a command that runs where a connection's session runs (on this process, or on its owner when another
   * process calls `runWhereSessionRuns`). Arguments and answer cross processes as JSON.
   */
  handleCommand(op: string, run: (companyId: CompanyId, whatsappId: number, args: unknown[]) => Promise<unknown>): void {
    this.extraCommands.set(op, run);
  }

  /** Runs a command added with `handleCommand` where the session runs; ERR_WAPP_NOT_INITIALIZED when nobody runs it. */
  runWhereSessionRuns<T>(op: string, companyId: CompanyId, whatsappId: number, args: unknown[]): Promise<T> {
    return this.command<T>(op, companyId, whatsappId, args);
  }

  /** Here when the session runs here, else on its owner; ERR_WAPP_NOT_INITIALIZED when nobody runs it. */
  private async command<T>(op: string, companyId: CompanyId, whatsappId: number, args: unknown[]): Promise<T> {
    if (this.local.has(whatsappId)) return (await this.runLocal(op, [companyId, whatsappId, ...args])) as T;
    const owner = await this.lease.ownerOf(whatsappId);
    if (!owner || owner === this.lease.workerId) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    return (await this.remote(owner, op, [companyId, whatsappId, ...args])) as T;
  }

  private async remote(owner: string, op: string, args: unknown[]): Promise<unknown> {
    try {
      return await this.rpc.call(owner, op, args);
    } catch (e) {
      if (e instanceof RemoteSessionError && e.code === ConnectionError.ERR_WAPP_NOT_INITIALIZED.code) {
        throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
      }
      throw e;
    }
  }

  /** A command for a session of this process, from here or from another process. */
  private async runLocal(op: string, args: unknown[]): Promise<unknown> {
    // From this process or over the RPC bus from another process of ours: the caller resolved the company.
    const [rawCompanyId, whatsappId, ...rest] = args as [number, number, ...unknown[]];
    const companyId = asCompanyId(rawCompanyId);
    if (op === 'stop') return this.stopHere(companyId, whatsappId, rest[0] === true);
    const provider = this.running(companyId, whatsappId);
    const extra = this.extraCommands.get(op);
    if (extra) return extra(companyId, whatsappId, rest);
    switch (op as SessionCommand) {
      case 'send':
        return provider.send(whatsappId, rest[0] as string, rest[1] as OutboundContent);
      case 'edit':
        return provider.edit(whatsappId, rest[0] as string, rest[1] as string, rest[2] as string);
      case 'delete':
        return provider.delete(whatsappId, rest[0] as string, rest[1] as string);
      case 'markRead':
        return provider.markRead(whatsappId, rest[0] as string, rest[1] as string[]);
      case 'presence':
        return provider.presence(whatsappId, rest[0] as string, rest[1] as PresenceState);
      case 'phoneBook':
        return provider.phoneBook(whatsappId);
      case 'checkNumbers':
        return provider.checkNumbers(whatsappId, rest[0] as string[]);
      case 'rejectCall':
        if (!provider.rejectCall) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED, `The ${provider.name} provider cannot reject calls`);
        return provider.rejectCall(whatsappId, rest[0] as Pick<IncomingCall, 'id' | 'from'>);
      case 'templates':
        if (!provider.templates) throw new AppError(ConnectionError.ERR_NOT_OFFICIAL);
        return provider.templates(whatsappId);
      default:
        throw new Error(`unknown session command ${String(op)}`);
    }
  }

  /** The provider of a session of the company running here, or ERR_WAPP_NOT_INITIALIZED. */
  private running(companyId: CompanyId, whatsappId: number): MessagingProvider {
    const here = this.local.get(whatsappId);
    if (!here || here.companyId !== companyId) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    return here.provider;
  }

  /**
   * An event a webhook delivered for a connection (the official API), handed to this process's ticket handler
   * whether or not the connection's session runs here: Meta posts to whichever process the load balancer picks (a
   * ROLE=api process runs no session at all), and what it posts is complete (the media are fetched by the webhook
   * with the connection's credentials), so nothing needs the session. A message resolves once committed (or already
   * stored) and rejects when it could not be: the webhook answers Meta only then. `companyId` is the connection's, as
   * the webhook found it.
   */
  async receive(companyId: CompanyId, whatsappId: number, event: ReceivedEvent): Promise<void> {
    if (!this.handler) throw new ProviderError('no inbound handler on this process', ConnectionError.ERR_WAPP_NOT_INITIALIZED.code);
    switch (event.kind) {
      case 'message':
        return this.handler.message(companyId, whatsappId, event.message);
      case 'ack':
        return this.handler.ack(companyId, whatsappId, event.providerId, event.ack);
      case 'failed':
        return this.handler.failed(companyId, whatsappId, event.providerId, event.code, event.reason);
    }
  }

  /** Official API: the number's quality rating and messaging limit as Meta last reported them (a webhook's), kept and announced. */
  recordDetails(companyId: CompanyId, whatsappId: number, extra: Pick<StatusExtra, 'qualityRating' | 'messagingLimit'>): Promise<void> {
    return this.recordStatus(whatsappId, null, extra, companyId);
  }

  /** Keeps this worker's leases, gives up the sessions it lost, and starts the ones nobody runs. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closing) return;
    this.ticking = true;
    try {
      const ids = [...this.local.keys()];
      const { held, lost } = await this.lease.renew(ids);
      const now = Date.now();
      for (const id of held) {
        const here = this.local.get(id);
        if (here) here.confirmedAt = now;
      }
      for (const id of ids) {
        const taken = lost.includes(id);
        const here = this.local.get(id);
        // Unconfirmed for a whole lease: another worker may have taken it, so this one stops.
        if (here && (taken || now - here.confirmedAt > this.lease.leaseMs)) {
          this.log.warn(`connection ${id}: ${taken ? 'now run by another worker' : 'lease not confirmed'}; stopping it here`);
          await this.drop(id, false);
        }
      }
      await this.sweep();
    } catch (e) {
      this.log.warn(`session upkeep failed: ${String(e)}`);
    } finally {
      this.ticking = false;
    }
  }

  /** Starts the connections that should run (not deliberately disconnected) and that no live worker runs. */
  private async sweep(): Promise<void> {
    const available = (Object.keys(this.providers) as ProviderName[]).filter((name) => this.providers[name]);
    const rows = await this.em
      .fork()
      .find(
        Whatsapp,
        { status: { $ne: 'DISCONNECTED' }, provider: { $in: available } },
        { ...withoutTenantFilter('session sweep: every company connection that should run'), fields: ['id', 'companyId'] },
      );
    const candidates = rows.filter((w) => !this.local.has(w.id) && !this.starting.has(w.id));
    const owners = await this.lease.ownersOf(candidates.map((w) => w.id));
    candidates.forEach((w, i) => {
      if (owners[i] || this.closing) return;
      void this.startHere(w.companyId, w.id, true).catch((e: unknown) => this.log.warn(`connection ${w.id} did not start: ${String(e)}`));
    });
  }

  /** Ends the local session without recording a status (the connection should still run, elsewhere). */
  private async drop(whatsappId: number, release = true): Promise<void> {
    const here = this.local.get(whatsappId);
    this.local.delete(whatsappId);
    await here?.provider.disconnect(whatsappId).catch(() => undefined);
    if (release) await this.lease.release(whatsappId);
  }

  /** The company of a session that runs here; events of a session dropped from this process are ignored. */
  private ownerCompany(whatsappId: number): CompanyId | undefined {
    return this.local.get(whatsappId)?.companyId;
  }

  private readonly events: ProviderEvents = {
    status: (whatsappId, status, extra) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId === undefined) return;
      // One connection's statuses are recorded in the order reported (OPENING then CONNECTED, a few ms apart, must not swap).
      const recorded = (this.statusChains.get(whatsappId) ?? Promise.resolve())
        .then(() => this.recordStatus(whatsappId, status, extra))
        .then(async () => {
          // The provider ended the session itself (logged out from the phone, QR never scanned): let it go here.
          if (status === 'DISCONNECTED' && this.local.get(whatsappId)?.companyId === companyId) await this.drop(whatsappId);
        })
        .catch((e: unknown) => this.log.warn(`status of connection ${whatsappId} not handled: ${String(e)}`));
      this.statusChains.set(whatsappId, recorded);
      void recorded.then(() => this.statusChains.get(whatsappId) === recorded && this.statusChains.delete(whatsappId));
    },
    message: async (whatsappId, message) => {
      const companyId = this.ownerCompany(whatsappId);
      // Nobody here will store it (the session was dropped, or no handler): never acknowledge it.
      if (companyId === undefined) throw new ProviderError(`connection ${whatsappId} does not run here`, ConnectionError.ERR_WAPP_NOT_INITIALIZED.code);
      if (!this.handler) throw new ProviderError('no inbound handler on this process', ConnectionError.ERR_WAPP_NOT_INITIALIZED.code);
      await this.handler.message(companyId, whatsappId, message);
    },
    ack: (whatsappId, providerId, ack) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId !== undefined) void this.handler?.ack(companyId, whatsappId, providerId, ack);
    },
    failed: (whatsappId, providerId, code, reason) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId !== undefined) void this.handler?.failed(companyId, whatsappId, providerId, code, reason);
    },
    edit: (whatsappId, providerId, body) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId !== undefined) this.handler?.edit(companyId, whatsappId, providerId, body);
    },
    revoke: (whatsappId, providerId) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId !== undefined) this.handler?.revoke(companyId, whatsappId, providerId);
    },
    // A call is not stored by the provider; the handler decides (reject with the automatic message, or let it ring).
    call: async (whatsappId, call) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId === undefined || !this.callHandler) return;
      await this.callHandler(companyId, whatsappId, call);
    },
    // Ephemeral: not stored, told to the company's sockets (the chat header of that contact's ticket shows it).
    presence: (whatsappId, chatId, presence) => {
      const companyId = this.ownerCompany(whatsappId);
      if (companyId !== undefined) this.realtime.emit(companyId, 'contactPresence', { action: 'update', whatsappId, number: chatId, presence });
    },
  };

  /**
   * `pairingNumber`: set it (a string), clear it (null) or keep it (undefined); it is cleared once CONNECTED. `status`
   * null keeps the status (only the extras change).
   */
  private async recordStatus(
    whatsappId: number,
    status: ConnectionStatus | null,
    extra?: StatusExtra,
    knownCompanyId?: CompanyId,
    pairingNumber?: string | null,
  ) {
    const companyId = knownCompanyId ?? this.local.get(whatsappId)?.companyId;
    if (companyId === undefined) return;
    try {
      const em = forkForCompany(this.em, companyId);
      const w = await em.findOne(Whatsapp, { id: whatsappId, companyId }, { populate: ['queues'] });
      if (!w) return;
      if (status) w.status = status;
      if (extra && 'qrcode' in extra) w.qrcode = extra.qrcode ?? null;
      if (extra && 'pairingCode' in extra) w.pairingCode = extra.pairingCode ?? null;
      if (extra?.retries !== undefined) w.retries = extra.retries;
      if (extra?.number) w.number = extra.number;
      // Official API: what the Graph API reported of the number (null: it no longer says).
      if (extra && 'qualityRating' in extra) w.qualityRating = extra.qualityRating ?? null;
      if (extra && 'messagingLimit' in extra) w.messagingLimit = extra.messagingLimit ?? null;
      if (pairingNumber !== undefined) w.pairingNumber = pairingNumber;
      if (status === 'CONNECTED') {
        w.retries = 0;
        w.qrcode = null;
        w.pairingCode = null;
        w.pairingNumber = null;
      }
      await em.flush();
      // The whole connection as GET /whatsapp/{id} answers it; the QR code only to those who may manage connections.
      this.realtime.emitByPermission(
        companyId,
        'whatsappSession',
        'connections:manage',
        { action: 'update', session: mapWhatsapp(w, true, this.config.publicApiUrl) },
        { action: 'update', session: mapWhatsapp(w, false, this.config.publicApiUrl) },
      );
    } catch (e) {
      this.log.warn(`status of connection ${whatsappId} not recorded: ${String(e)}`);
    }
  }
}
