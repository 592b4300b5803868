import type { CompanyId } from '../../../common/tenancy/company-id';
import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config';
import {
  ConnectionHandle,
  IncomingCall,
  InboundMessage,
  MessagingProvider,
  NumberCheck,
  OutboundContent,
  ProviderError,
  ProviderEvents,
} from '../messaging-provider';
import { BaileysAuthStore, ConnectionAuthStore, SESSION_KEY_TYPES } from './baileys-auth-store';
import { normalizeInbound, normalizeUpdate, toSeconds, UpdateOutcome } from './baileys-inbound';
import { chatIdToJid, isBroadcastJid, isGroupJid, isLidJid, isPnJid, jidDigits, jidUser, PN_SERVER } from './baileys-jid';
import { LoginAction, LoginMachine } from './baileys-login';
import { loadBaileys } from './baileys-loader';
import { baileysLogger, LogSink } from './baileys-logger';
import { buildOutbound, deleteContent, editContent, isChatPresence, isVoiceNoteFile, ownKey, quotedMessage, readKeys } from './baileys-outbound';
import type {
  AuthenticationState,
  BaileysModule,
  Contact,
  ILogger,
  MakeSocket,
  MessageUserReceiptUpdate,
  SocketConfig,
  SocketEvents,
  WACallEvent,
  WAMessage,
  WAMessageUpdate,
  WAPresence,
  WASocketLike,
} from './baileys-types';
import { LruMap } from './lru-map';
import { toVoiceNote } from './voice-note';
import type { MediaStore } from '../../../common/infra/media-store/media-store';

/** No media store: a file's path is one on this machine (tests, tools). */
const LOCAL_PATHS: Pick<MediaStore, 'withLocalFile'> = { withLocalFile: (path, use) => use(path) };

export interface BaileysProviderOptions {
  /** Builds the socket; Baileys' makeWASocket by default. Tests pass a stand-in. */
  makeSocket?: MakeSocket;
  /** Loads the Baileys module (ESM); a dynamic import by default. */
  loadBaileys?: () => Promise<BaileysModule>;
  /** Downloads a message's media; Baileys' downloadMediaMessage (asking the phone to re-upload expired media) by default. */
  downloadMedia?: (message: WAMessage, socket: WASocketLike) => Promise<Buffer>;
  /** Converts an audio file to a voice note; the packaged ffmpeg by default. */
  toVoiceNote?: (path: string) => Promise<Buffer>;
  /**
   * Where an outbound message's file is read: the media store, which names it by key and hands it over as a file on
   * this machine (a bucket's object copied here for the send). Without one, `media.path` is a path on this machine.
   */
  media?: Pick<MediaStore, 'withLocalFile'>;
  /** [0, 1): jitter of reconnect delays. */
  random?: () => number;
  logger?: LogSink;
}

type ProviderConfig = Pick<AppConfig, 'waQrMaxRetries' | 'waBrowserName'>;

/**
 * WhatsApp itself, through Baileys 7 (loaded on the first connection: it is an ES module). One socket per
 * connection; the login (credentials and Signal keys) lives in PostgreSQL, one row per key (BaileysAuthStore), so
 * the worker that takes a session over resumes it without a new QR code. The login's statuses and reconnects are
 * LoginMachine's; messages in and out are translated by baileys-inbound and baileys-outbound.
 */
export class BaileysProvider implements MessagingProvider {
  readonly name = 'baileys' as const;
  private readonly sessions = new Map<number, BaileysSession>();
  private readonly authStore: BaileysAuthStore;
  private lib?: Promise<BaileysModule>;
  private readonly log: LogSink;

  constructor(
    em: EntityManager,
    private readonly config: ProviderConfig,
    private readonly options: BaileysProviderOptions = {},
  ) {
    this.authStore = new BaileysAuthStore(em);
    this.log = options.logger ?? new Logger('Baileys');
  }

  async connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void> {
    await this.disconnect(connection.id);
    const lib = await this.baileys();
    const logger = baileysLogger(this.log, `connection ${connection.id}`);
    const session: BaileysSession = new BaileysSession({
      id: connection.id,
      pairingNumber: connection.pairingNumber?.replace(/\D/g, '') || null,
      events,
      lib,
      store: this.authStore.open(connection.companyId, connection.id, lib),
      authStore: this.authStore,
      companyId: connection.companyId,
      makeSocket: this.options.makeSocket ?? ((config) => lib.makeWASocket(config)),
      download:
        this.options.downloadMedia ??
        ((message, socket) => lib.downloadMediaMessage(message, 'buffer', {}, { logger, reuploadRequest: (m) => socket.updateMediaMessage(m) })),
      toVoiceNote: this.options.toVoiceNote ?? ((path) => toVoiceNote(path)),
      media: this.options.media ?? LOCAL_PATHS,
      maxQrRetries: this.config.waQrMaxRetries,
      browserName: this.config.waBrowserName,
      random: this.options.random,
      log: this.log,
      logger,
    });
    this.sessions.set(connection.id, session);
    try {
      await session.start();
    } catch (e) {
      this.sessions.delete(connection.id);
      await session.stop();
      throw e;
    }
  }

  /** Ends the socket here without logging the phone out, and cancels any pending reconnect; the login stays stored. */
  async disconnect(whatsappId: number): Promise<void> {
    const session = this.sessions.get(whatsappId);
    this.sessions.delete(whatsappId);
    await session?.stop();
  }

  async logout(whatsappId: number): Promise<void> {
    const session = this.sessions.get(whatsappId);
    this.sessions.delete(whatsappId);
    await session?.logout();
  }

  /** A new QR code next time: ends the session if it runs here, then deletes its stored login. */
  async reset(whatsappId: number, companyId: CompanyId): Promise<void> {
    await this.disconnect(whatsappId);
    await this.clearAuthState(companyId, whatsappId);
  }

  /** Deletes every stored key of the connection's login (credentials included). */
  clearAuthState(companyId: CompanyId, whatsappId: number): Promise<void> {
    return this.authStore.clear(companyId, whatsappId);
  }

  async send(whatsappId: number, to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    return this.running(whatsappId).send(to, content);
  }

  async edit(whatsappId: number, to: string, providerId: string, body: string): Promise<void> {
    return this.running(whatsappId).edit(to, providerId, body);
  }

  async delete(whatsappId: number, to: string, providerId: string): Promise<void> {
    return this.running(whatsappId).delete(to, providerId);
  }

  async markRead(whatsappId: number, chatId: string, providerIds: string[]): Promise<void> {
    return this.running(whatsappId).markRead(chatId, providerIds);
  }

  async presence(whatsappId: number, to: string, state: WAPresence): Promise<void> {
    return this.running(whatsappId).presence(to, state);
  }

  async phoneBook(whatsappId: number): Promise<{ name: string; number: string }[]> {
    return this.running(whatsappId).phoneBook();
  }

  async rejectCall(whatsappId: number, call: Pick<IncomingCall, 'id' | 'from'>): Promise<void> {
    return this.running(whatsappId).rejectCall(call);
  }

  async checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]> {
    return this.running(whatsappId).checkNumbers(numbers);
  }

  private running(whatsappId: number): BaileysSession {
    const session = this.sessions.get(whatsappId);
    if (!session) throw new ProviderError(`connection ${whatsappId} does not run here`, 'ERR_WAPP_NOT_INITIALIZED');
    return session;
  }

  private baileys(): Promise<BaileysModule> {
    this.lib ??= (this.options.loadBaileys ?? loadBaileys)().catch((e: unknown) => {
      this.lib = undefined;
      throw new ProviderError(`Baileys could not be loaded: ${String(e)}`, 'ERR_PROVIDER_UNAVAILABLE');
    });
    return this.lib;
  }
}

interface SessionDeps {
  id: number;
  companyId: CompanyId;
  pairingNumber: string | null;
  events: ProviderEvents;
  lib: BaileysModule;
  store: ConnectionAuthStore;
  authStore: BaileysAuthStore;
  makeSocket: MakeSocket;
  download: (message: WAMessage, socket: WASocketLike) => Promise<Buffer>;
  toVoiceNote: (path: string) => Promise<Buffer>;
  media: Pick<MediaStore, 'withLocalFile'>;
  maxQrRetries: number;
  browserName: string;
  random?: () => number;
  log: LogSink;
  logger: ILogger;
}

/** Recent messages kept per connection: quoted replies, read receipts, edits, and Baileys' retries (getMessage). */
const RECENT_MESSAGES = 1000;
/** Tries to store an inbound message the database refused (1 s doubling to 60 s: about 8 minutes in all). */
const STORE_ATTEMPTS = 12;
/** Signal keys cached per socket in front of PostgreSQL. */
const KEY_CACHE_ENTRIES = 5000;

/** One connection's socket and everything it remembers; replaced socket by socket on reconnects. */
class BaileysSession {
  private readonly logger: ILogger;
  private readonly machine: LoginMachine;
  private sock?: WASocketLike;
  private isOpen = false;
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;
  private state?: AuthenticationState;
  private saveCreds: () => Promise<void> = () => Promise.resolve();
  private readonly recent = new LruMap<string, WAMessage>(RECENT_MESSAGES);
  /** Ids of messages this socket sent: their echoes are not inbound messages. */
  private readonly sentIds = new LruMap<string, true>(RECENT_MESSAGES);
  /** Edits and revokes already reported (they arrive both as a message and as an update). */
  private readonly reported = new LruMap<string, true>(RECENT_MESSAGES);
  /** Chat ids (digits) to the jid to write to: learnt from messages, contacts and number checks. */
  private readonly jids = new LruMap<string, string>(20_000);
  /** The account's address book, as WhatsApp syncs it (contacts.upsert): number to name. */
  private readonly contacts = new Map<string, string>();
  private readonly subscribed = new LruMap<string, true>(5000);
  /** Calls offered to this session: call id to the jid that called (what rejecting it names). */
  private readonly callers = new LruMap<string, string>(1000);
  /** Per chat, the tail of its inbound work: one chat's messages are reported in order, chats in parallel. */
  private readonly chats = new Map<string, Promise<void>>();

  constructor(private readonly deps: SessionDeps) {
    this.logger = deps.logger;
    this.machine = new LoginMachine({ maxQrRetries: deps.maxQrRetries, pairingNumber: deps.pairingNumber, random: deps.random });
  }

  async start(): Promise<void> {
    const { state, saveCreds } = await this.deps.store.load();
    this.state = state;
    this.saveCreds = saveCreds;
    this.openSocket();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.machine.stop();
    this.closeSocket();
    await this.deps.store.flush();
    this.deps.store.close();
  }

  async logout(): Promise<void> {
    this.stopped = true;
    this.machine.stop();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const sock = this.sock;
    this.sock = undefined;
    this.isOpen = false;
    await sock?.logout().catch((e: unknown) => this.deps.log.warn(`connection ${this.deps.id}: logout: ${String(e)}`));
    await this.deps.store.flush();
    this.deps.store.close();
    await this.deps.authStore.clear(this.deps.companyId, this.deps.id);
  }

  private closeSocket(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const sock = this.sock;
    this.sock = undefined;
    this.isOpen = false;
    if (sock) void Promise.resolve(sock.end(undefined)).catch(() => undefined);
  }

  private openSocket(): void {
    if (this.stopped || !this.state) return;
    const { lib } = this.deps;
    const cache = new LruMap<string, unknown>(KEY_CACHE_ENTRIES);
    const config: SocketConfig = {
      auth: {
        creds: this.state.creds,
        keys: lib.makeCacheableSignalKeyStore(this.state.keys, this.logger, {
          get: <T>(k: string) => cache.get(k) as T | undefined,
          set: (k: string, v: unknown) => void cache.set(k, v),
          del: (k: string) => cache.delete(k),
          flushAll: () => cache.clear(),
        }),
      },
      logger: this.logger,
      browser: [this.deps.browserName, 'Chrome', '120.0'],
      // The phone keeps its notifications; history is not imported (the platform keeps its own).
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldSyncHistoryMessage: () => false,
      // Messages sent here are stored by the platform already; echoes would race the send job.
      emitOwnEvents: false,
      generateHighQualityLinkPreview: false,
      getMessage: async (key) => (key.id ? (this.recent.get(key.id)?.message ?? undefined) : undefined),
    };
    let sock: WASocketLike;
    try {
      sock = this.deps.makeSocket(config);
    } catch (e) {
      this.deps.log.warn(`connection ${this.deps.id}: socket not created: ${String(e)}`);
      this.apply(this.machine.onUpdate({ connection: 'close', lastDisconnect: { error: e as Error, date: new Date() } }), undefined);
      return;
    }
    this.sock = sock;
    const live = () => !this.stopped && this.sock === sock;
    sock.ev.on('creds.update', () => {
      if (!this.stopped) void this.saveCreds().catch((e: unknown) => this.deps.log.warn(`connection ${this.deps.id}: credentials not saved: ${String(e)}`));
    });
    sock.ev.on('connection.update', (update) => {
      if (!live()) return;
      if (update.connection === 'open') this.isOpen = true;
      if (update.connection === 'close') this.isOpen = false;
      this.apply(this.machine.onUpdate(update, sock.user), sock);
    });
    sock.ev.on('messages.upsert', ({ messages }) => {
      if (live()) for (const m of messages) this.onMessage(m, sock);
    });
    sock.ev.on('messages.update', (updates) => {
      if (live()) this.onUpdates(updates);
    });
    sock.ev.on('message-receipt.update', (receipts) => {
      if (live()) this.onReceipts(receipts);
    });
    sock.ev.on('contacts.upsert', (contacts) => {
      if (live()) this.onContacts(contacts);
    });
    sock.ev.on('contacts.update', (contacts) => {
      if (live()) this.onContacts(contacts);
    });
    sock.ev.on('presence.update', (update) => {
      if (live()) void this.onPresence(update, sock);
    });
    sock.ev.on('call', (calls) => {
      if (live()) for (const call of calls) void this.onCall(call, sock);
    });
  }

  /**
   * A call's offer (Baileys emits each state of a call: offer, ringing, accept, reject, timeout, terminate; only the
   * offer is news). An offer received while offline (the call is over by now) is left alone. The caller is reported
   * by phone number (`callerPn`, else the LID mapping); the jid it came from is kept to reject it with.
   */
  private async onCall(call: WACallEvent, sock: WASocketLike): Promise<void> {
    if (call.status !== 'offer' || call.offline || !this.deps.events.call) return;
    let pn: string | null | undefined = isPnJid(call.callerPn) ? call.callerPn : isPnJid(call.from) ? call.from : undefined;
    if (!pn && isLidJid(call.from)) pn = await sock.signalRepository.lidMapping.getPNForLID(`${jidUser(call.from)}@lid`).catch(() => null);
    const from = jidDigits(pn ?? undefined);
    if (!from) return this.deps.log.warn(`connection ${this.deps.id}: call ${call.id} from ${call.from} without a phone number; left ringing`);
    this.callers.set(call.id, call.from);
    await this.deps.events
      .call(this.deps.id, { id: call.id, from, isVideo: call.isVideo === true, isGroup: call.isGroup === true })
      .catch((e: unknown) => this.deps.log.warn(`connection ${this.deps.id}: call ${call.id} not handled: ${String(e)}`));
  }

  /** A contact typing, recording or online in their own chat (groups are left out: whose typing is not shown). */
  private async onPresence({ id, presences }: SocketEvents['presence.update'], sock: WASocketLike): Promise<void> {
    if (!this.deps.events.presence || isGroupJid(id) || isBroadcastJid(id)) return;
    const state = Object.values(presences)[0]?.lastKnownPresence;
    if (!state) return;
    let number = isLidJid(id) ? await sock.signalRepository.lidMapping.getPNForLID(`${jidUser(id)}@lid`).catch(() => null) : id;
    if (!number) return;
    number = jidDigits(number);
    if (number) this.deps.events.presence(this.deps.id, number, state);
  }

  private apply(actions: LoginAction[], sock: WASocketLike | undefined): void {
    const { id, events } = this.deps;
    for (const action of actions) {
      switch (action.type) {
        case 'status':
          events.status(id, action.status, action.extra);
          break;
        case 'requestPairingCode':
          void sock
            ?.requestPairingCode(action.number)
            .then((code) => {
              if (this.sock === sock) this.apply(this.machine.pairingCodeReceived(code), sock);
            })
            .catch((e: unknown) => this.deps.log.warn(`connection ${id}: pairing code not received: ${String(e)}`));
          break;
        case 'end':
          this.stopped = true;
          this.closeSocket();
          break;
        case 'reconnect':
          this.sock = undefined;
          if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
          this.reconnectTimer = setTimeout(() => {
            this.reconnectTimer = undefined;
            this.openSocket();
          }, action.delayMs);
          break;
        case 'clearAuth':
          // Nothing this socket writes later may bring the old login back.
          this.deps.store.close();
          void this.deps.authStore
            .clear(this.deps.companyId, id)
            .catch((e: unknown) => this.deps.log.warn(`connection ${id}: stored login not cleared: ${String(e)}`));
          break;
        case 'clearSessions':
          void this.deps.store.clearTypes(SESSION_KEY_TYPES).catch((e: unknown) => this.deps.log.warn(`connection ${id}: sessions not cleared: ${String(e)}`));
          break;
      }
    }
  }

  private onMessage(message: WAMessage, sock: WASocketLike): void {
    const providerId = message.key?.id;
    if (!providerId || this.sentIds.has(providerId)) return;
    this.recent.set(providerId, message);
    const chat = message.key.remoteJid ?? '';
    this.inChatOrder(chat, async () => {
      const outcome = await normalizeInbound(message, {
        resolvePn: (lid) => sock.signalRepository.lidMapping.getPNForLID(lid),
        download: (m) => this.deps.download(m, sock),
      });
      if (this.stopped) return;
      switch (outcome.kind) {
        case 'message':
          this.jids.set(outcome.message.chatId, outcome.chatJid);
          // Handed over in chat order; its store is not awaited here (the lanes keep the order and commit in batches).
          this.store(outcome.message);
          break;
        case 'edit':
        case 'revoke':
          this.report(outcome);
          break;
      }
    });
  }

  /**
   * Baileys has already sent WhatsApp the delivery receipt when it emits a message (messages-recv.js handleMessage:
   * sendReceipt, then upsertMessage), so WhatsApp will not send it again: a message that could not be stored (the
   * database unreachable) is kept here and tried again with backoff while this session lives. See
   * ticket/ingest/README.md for the window this leaves and what WhatsApp redelivers.
   */
  private store(message: InboundMessage, attempt = 0): void {
    const { id, events, log } = this.deps;
    events.message(id, message).catch((e: unknown) => {
      if (this.stopped || attempt + 1 >= STORE_ATTEMPTS) {
        log.error(`connection ${id}: inbound ${message.providerId} not stored after ${attempt + 1} attempts, lost: ${String(e)}`);
        return;
      }
      const delayMs = Math.min(60_000, 1000 * 2 ** attempt);
      log.warn(`connection ${id}: inbound ${message.providerId} not stored (${String(e)}); trying again in ${delayMs} ms`);
      setTimeout(() => this.store(message, attempt + 1), delayMs).unref();
    });
  }

  private onUpdates(updates: WAMessageUpdate[]): void {
    for (const update of updates) for (const outcome of normalizeUpdate(update)) this.report(outcome);
  }

  /** Delivery and read receipts of this connection's messages in groups, one per member: the ack only goes up. */
  private onReceipts(receipts: MessageUserReceiptUpdate[]): void {
    for (const { key, receipt } of receipts) {
      if (!key.fromMe || !key.id) continue;
      const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : null;
      if (ack) this.deps.events.ack(this.deps.id, key.id, ack);
    }
  }

  private report(outcome: UpdateOutcome): void {
    const { id, events } = this.deps;
    if (outcome.kind === 'ack') return events.ack(id, outcome.providerId, outcome.ack);
    const token = outcome.kind === 'edit' ? `edit:${outcome.providerId}:${outcome.body}` : `revoke:${outcome.providerId}`;
    if (!this.reported.firstTime(token, true)) return;
    if (outcome.kind === 'edit') events.edit(id, outcome.providerId, outcome.body);
    else events.revoke(id, outcome.providerId);
  }

  private onContacts(contacts: Partial<Contact>[]): void {
    for (const c of contacts) {
      const pn = isPnJid(c.id) ? c.id : isPnJid(c.phoneNumber) ? c.phoneNumber : undefined;
      const number = jidDigits(pn);
      if (!number) continue;
      const name = c.name ?? c.notify ?? c.verifiedName ?? this.contacts.get(number) ?? number;
      this.contacts.set(number, name);
      this.jids.set(number, `${number}@${PN_SERVER}`);
    }
  }

  private inChatOrder(chat: string, work: () => Promise<void>): void {
    const tail = (this.chats.get(chat) ?? Promise.resolve())
      .then(work)
      .catch((e: unknown) => this.deps.log.warn(`connection ${this.deps.id}: inbound message not handled: ${String(e)}`));
    this.chats.set(chat, tail);
    void tail.then(() => {
      if (this.chats.get(chat) === tail) this.chats.delete(chat);
    });
  }

  // Commands

  private ready(): WASocketLike {
    if (!this.sock || !this.isOpen) throw new ProviderError(`connection ${this.deps.id} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    return this.sock;
  }

  /**
   * Where a chat id goes: the jid learnt for it; a group's id as a group; a number never seen is checked with
   * WhatsApp first (ERR_WAPP_INVALID_CONTACT when it has no account), or is a contact's LID this login knows.
   */
  private async jidFor(to: string, sock: WASocketLike): Promise<string> {
    const id = to.includes('@') ? to : to.replace(/[^\d-]/g, '');
    const known = this.jids.get(id);
    if (known) return known;
    const guess = chatIdToJid(id);
    if (to.includes('@') || isGroupJid(guess)) return guess;
    const [found] = (await sock.onWhatsApp(id)) ?? [];
    if (found?.exists && found.jid) {
      this.jids.set(id, found.jid);
      return found.jid;
    }
    const pn = await sock.signalRepository.lidMapping.getPNForLID(`${id}@lid`).catch(() => null);
    if (pn) return `${id}@lid`;
    throw new ProviderError(`${id} is not on WhatsApp`, 'ERR_WAPP_INVALID_CONTACT');
  }

  async send(to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    const media = content.media;
    if (!media) return this.sendContent(to, content);
    return this.deps.media.withLocalFile(media.path, (path) => this.sendContent(to, { ...content, media: { ...media, path } }));
  }

  /** Sends with the file (if any) at a path on this machine. */
  private async sendContent(to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    const sock = this.ready();
    const jid = await this.jidFor(to, sock);
    const quoted = content.quotedProviderId ? quotedMessage(jid, content.quotedProviderId, this.recent.get(content.quotedProviderId)) : undefined;
    const convert = content.type === 'audio' && content.voiceNote && content.media && !isVoiceNoteFile(content.media.mimetype);
    const voiceNote = convert ? await this.deps.toVoiceNote(content.media!.path) : undefined;
    const { content: message, options } = buildOutbound(content, { quoted, voiceNote });
    const sent = await sock.sendMessage(jid, message, options);
    const providerId = sent?.key?.id;
    if (!sent || !providerId) throw new ProviderError('WhatsApp did not take the message');
    this.sentIds.set(providerId, true);
    this.recent.set(providerId, sent);
    const seconds = toSeconds(sent.messageTimestamp);
    return { providerId, timestamp: seconds ? new Date(seconds * 1000) : new Date() };
  }

  async edit(to: string, providerId: string, body: string): Promise<void> {
    const sock = this.ready();
    const jid = await this.jidFor(to, sock);
    await sock.sendMessage(jid, editContent(ownKey(jid, providerId, this.recent.get(providerId)), body));
  }

  async delete(to: string, providerId: string): Promise<void> {
    const sock = this.ready();
    const jid = await this.jidFor(to, sock);
    await sock.sendMessage(jid, deleteContent(ownKey(jid, providerId, this.recent.get(providerId))));
  }

  async markRead(chatId: string, providerIds: string[]): Promise<void> {
    const sock = this.ready();
    if (!providerIds.length) return;
    const jid = this.jids.get(chatId) ?? chatIdToJid(chatId);
    await sock.readMessages(readKeys(jid, providerIds, (id) => this.recent.get(id)));
  }

  async presence(to: string, state: WAPresence): Promise<void> {
    const sock = this.ready();
    if (!isChatPresence(state)) return sock.sendPresenceUpdate(state);
    const jid = this.jids.get(to) ?? chatIdToJid(to);
    // Subscribing once per chat lets WhatsApp deliver typing states both ways.
    if (this.subscribed.firstTime(jid, true)) await sock.presenceSubscribe(jid).catch(() => undefined);
    await sock.sendPresenceUpdate(state, jid);
  }

  phoneBook(): { name: string; number: string }[] {
    return [...this.contacts].map(([number, name]) => ({ number, name }));
  }

  /** Asked in slices of 50 (WhatsApp's usync answers large lists slowly); an answer's jid gives the account's own number. */
  /** Declines a call: to the jid it came from (a LID too), else to the number's. */
  async rejectCall(call: Pick<IncomingCall, 'id' | 'from'>): Promise<void> {
    const sock = this.ready();
    await sock.rejectCall(call.id, this.callers.get(call.id) ?? `${call.from.replace(/\D/g, '')}@${PN_SERVER}`);
  }

  async checkNumbers(numbers: string[]): Promise<NumberCheck[]> {
    const sock = this.ready();
    const out: NumberCheck[] = [];
    for (let i = 0; i < numbers.length; i += 50) {
      const slice = numbers.slice(i, i + 50).map((n) => n.replace(/\D/g, ''));
      const found = new Map<string, string>();
      for (const r of (await sock.onWhatsApp(...slice)) ?? []) {
        const digits = r.jid.split('@')[0].split(':')[0];
        if (r.exists) found.set(digits, digits);
      }
      for (const n of slice) {
        // WhatsApp may answer a Brazilian number with or without its ninth digit.
        const own = found.get(n) ?? [...found.keys()].find((d) => d.length === n.length - 1 && n.startsWith(d.slice(0, 4)) && n.endsWith(d.slice(4)));
        out.push({ number: own ?? n, exists: own !== undefined });
      }
    }
    return out;
  }
}
