import { EventEmitter } from 'node:events';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../src/config/app-config';
import { BaileysProvider, BaileysProviderOptions } from '../src/connection/providers/baileys/baileys.provider';
import type {
  AnyMessageContent,
  AuthenticationCreds,
  MiscMessageGenerationOptions,
  SocketConfig,
  SocketEvents,
  WAMessage,
  WAMessageKey,
  WAPresence,
  WASocketLike,
} from '../src/connection/providers/baileys/baileys-types';
import { MESSAGING_PROVIDERS } from '../src/connection/sessions/connection-sessions.service';
import type { MessagingProvider } from '../src/connection/providers/messaging-provider';
import type { ProviderName } from '../src/connection/whatsapps/whatsapp.entity';
import { loadTestBaileys } from './baileys';
import type { TestApp } from './harness';

/** A close as Baileys reports it: a Boom-like error with the status code. */
export const closeWith = (statusCode: number) => ({
  connection: 'close' as const,
  lastDisconnect: { error: Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } }), date: new Date() },
});

/** The stand-in's network round trip between `connecting` and what follows. */
const GREETING_MS = 30;

/**
 * A Baileys socket at its boundary, with no network: it records what the provider calls and lets a test emit what
 * WhatsApp would. Like the real one it announces `connecting` on creation, then opens (stored credentials are
 * registered) or offers a QR code (a fresh login), unless `manual`.
 */
export class FakeSocket implements WASocketLike {
  private readonly emitter = new EventEmitter();
  readonly ev = { on: <E extends keyof SocketEvents>(event: E, listener: (arg: SocketEvents[E]) => void) => void this.emitter.on(event, listener) };
  user?: { id: string; lid?: string };
  readonly authState: { creds: AuthenticationCreds };
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly read: WAMessageKey[][] = [];
  readonly presences: [WAPresence, string | undefined][] = [];
  readonly subscribed: string[] = [];
  readonly checked: string[] = [];
  readonly pairingRequests: string[] = [];
  readonly rejectedCalls: { callId: string; callFrom: string }[] = [];
  qrOffered = 0;
  ended = false;
  loggedOut = false;
  /** Numbers that have WhatsApp (digits → jid); others do not. */
  accounts = new Map<string, string>();
  /** The LID mapping (LID jid → phone-number jid). */
  lids = new Map<string, string>();
  private nextId = 0;

  constructor(
    readonly config: SocketConfig,
    manual = false,
  ) {
    this.authState = { creds: config.auth.creds };
    if (!manual) setImmediate(() => this.greet());
  }

  /** What WhatsApp does on a new socket: `connecting`, then (a network round trip later) open when registered, else a QR code. */
  greet(): void {
    if (this.ended) return;
    this.emit('connection.update', { connection: 'connecting' });
    setTimeout(() => {
      if (this.ended) return;
      if (this.authState.creds.registered && this.authState.creds.me) this.open();
      else this.offerQr();
    }, GREETING_MS);
  }

  open(): void {
    this.user = { id: this.authState.creds.me!.id };
    this.emit('connection.update', { connection: 'open' });
  }

  offerQr(): void {
    this.emit('connection.update', { qr: `2@fake-qr-${++this.qrOffered}` });
  }

  /** The phone scans the code: credentials change (and are saved), keys are written, and WhatsApp asks for a restart. */
  async scan(phone: string): Promise<void> {
    const me = { id: `${phone}:7@s.whatsapp.net`, name: 'Loja' };
    Object.assign(this.authState.creds, { me, registered: true, platform: 'android' });
    this.emit('creds.update', { me, registered: true, platform: 'android' });
    await this.config.auth.keys.set({
      'pre-key': { '1': { public: Buffer.alloc(32, 7), private: Buffer.alloc(32, 8) } },
      session: { [`${phone}.0`]: Buffer.from('signal-session-bytes') },
      'lid-mapping': { [phone]: '100000000000001' },
    });
    this.emit('connection.update', { isNewLogin: true });
    this.emit('connection.update', closeWith(515));
  }

  emit<E extends keyof SocketEvents>(event: E, arg: SocketEvents[E]): void {
    this.emitter.emit(event, arg);
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    // As Baileys does: the message goes under `options.messageId` when the caller gives one.
    const id = `FAKE${++this.nextId}`;
    return { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? id }, messageTimestamp: 1_764_000_000 + this.nextId, status: 1 };
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.read.push(keys);
  }

  async sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void> {
    this.presences.push([type, toJid]);
  }

  async presenceSubscribe(toJid: string): Promise<void> {
    this.subscribed.push(toJid);
  }

  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    this.checked.push(...numbers);
    return numbers.map((n) => ({ jid: this.accounts.get(n) ?? `${n}@s.whatsapp.net`, exists: this.accounts.has(n) }));
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  async rejectCall(callId: string, callFrom: string): Promise<void> {
    this.rejectedCalls.push({ callId, callFrom });
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null } };

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.end(undefined);
  }

  end(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
}

/** A socket factory that keeps every socket it made, newest last. */
export function fakeSockets(manual = false) {
  const sockets: FakeSocket[] = [];
  const makeSocket = (config: SocketConfig) => {
    const s = new FakeSocket(config, manual);
    sockets.push(s);
    return s;
  };
  return { sockets, makeSocket, last: () => sockets[sockets.length - 1] };
}

/** A Baileys provider on the stand-in socket, with Baileys loaded the way jest can. */
export function standInProvider(em: EntityManager, config: Pick<AppConfig, 'waQrMaxRetries' | 'waBrowserName'>, options: BaileysProviderOptions = {}) {
  const factory = fakeSockets();
  const provider = new BaileysProvider(em, config, { makeSocket: factory.makeSocket, loadBaileys: loadTestBaileys, random: () => 0, ...options });
  return { provider, ...factory };
}

/** Puts a stand-in Baileys provider into a running app (its sessions service looks providers up when it starts one). */
export function useStandInBaileys(t: TestApp, options: BaileysProviderOptions = {}) {
  const standIn = standInProvider(t.app.get(EntityManager), t.app.get<AppConfig>(APP_CONFIG), options);
  t.app.get<Record<ProviderName, MessagingProvider | undefined>>(MESSAGING_PROVIDERS).baileys = standIn.provider;
  return standIn;
}
