import { randomBytes } from 'node:crypto';
import { ProviderError } from '../messaging-provider';
import type { ChatPresence, IncomingCall, InboundMessage, OutboundContent, ProviderEvents } from '../messaging-provider';
import type { MediaType } from '../message-kinds';
import type { SandboxJournalEntry, SandboxJournals } from './sandbox-journal';

/** A phone keeps this many messages; older ones go (as the journal's lines do at its next compaction). */
export const SANDBOX_INBOX_LIMIT = 5000;

export interface SandboxInboxMessage {
  providerId: string;
  /** The connection's number. */
  from: string;
  whatsappId: number;
  type: MediaType;
  body: string;
  media?: { mimetype: string; filename: string; size: number };
  /** Sent as a voice note (push-to-talk): an Ogg Opus audio, as WhatsApp needs. */
  ptt?: boolean;
  quotedProviderId?: string;
  ack: number;
  edited?: boolean;
  deleted?: boolean;
  receivedAt: Date;
}

export interface SandboxPhone {
  number: string;
  name: string;
  inbox: SandboxInboxMessage[];
  /** Read receipts the connection sent for this phone's messages. */
  readByConnection: Set<string>;
  /** What each connection last showed this phone: typing, recording, online (WhatsApp's presence). */
  presenceSeen: Map<number, { presence: ChatPresence; at: Date }>;
  /** The calls this phone placed, newest last (not journaled: a call is of the moment). */
  calls: SandboxCall[];
}

/** A call a phone placed to a connection: it rings until the connection rejects it (or the phone hangs up). */
export interface SandboxCall {
  id: string;
  whatsappId: number;
  isVideo: boolean;
  status: 'ringing' | 'rejected';
  at: Date;
}

/** What a phone typing a pairing code gets: linked, the code was not the one shown, or no connection waits for this number. */
export type PairingOutcome = 'linked' | 'wrong' | 'none';

/** WhatsApp's pairing codes: 8 characters of Crockford's base 32 without 0 and U (as Baileys' requestPairingCode makes them). */
const PAIRING_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTVWXYZ';
export const newPairingCode = (): string => [...randomBytes(8)].map((b) => PAIRING_ALPHABET[b % 32]).join('');
/** A typed code as the phone reads it: case, spaces and the dash in "ABCD-EFGH" do not matter. */
export const normalisePairingCode = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

interface AttachedConnection {
  whatsappId: number;
  number: string;
  events: ProviderEvents;
}

export interface PhoneMessageInput {
  type?: MediaType;
  body?: string;
  media?: { data: Buffer; mimetype: string; filename?: string };
  quotedProviderId?: string;
  /** Set to send the same provider id twice (idempotency checks). */
  providerId?: string;
  groupId?: string;
  dataJson?: Record<string, unknown>;
}

/**
 * An in-process simulated phone network: connections attach to it under a number, phones send them any type of
 * message, receive what connections send, and report delivery, read and played acks. Real in every way that
 * matters to the platform except that no radio is involved. One network per process. A phone keeps one message
 * per id (a connection sending again under an id its phone has is acknowledged, not shown twice), and with a
 * journal (SANDBOX_JOURNAL, `sandbox-journal.ts`) the inboxes outlive the process.
 *
 * Several processes of one deployment each have a network; a connection is attached to the one running its session.
 * With a journal they share what the phones hold: a process taking a connection over reads what the one before
 * delivered (so a message sent again under its id after a takeover is still shown once), and `refresh` brings in
 * every connection's deliveries, wherever they were made (the phone API's inbox, on any process).
 */
export class SandboxNetwork {
  private readonly connections = new Map<number, AttachedConnection>();
  private readonly phones = new Map<string, SandboxPhone>();
  /** Each connection's own address book (number → saved name): what its account knows, never another's. */
  private readonly books = new Map<number, Map<string, string>>();
  private readonly noAccount = new Set<string>();
  private readonly listeners = new Set<(phone: SandboxPhone, message: SandboxInboxMessage) => void>();
  /** Connections showing a QR code that waits for a phone to scan it (SANDBOX_SCAN=manual): what the scan does. */
  private readonly qrCodes = new Map<number, () => void>();
  /** Connections showing a pairing code for a number: the phone of that number types it to link them. */
  private readonly pairingCodes = new Map<number, { number: string; code: string; onLink: () => void }>();
  /** Every message in a phone's inbox by connection and provider id: a phone shows one message per id. */
  private readonly delivered = new Map<string, SandboxInboxMessage>();
  /** When each phone last wrote to each connection (the official API's 24-hour window), by `deliveryKey(whatsappId, number)`. */
  private readonly lastInbound = new Map<string, Date>();

  constructor(private readonly journal?: SandboxJournals) {
    if (journal) this.replay(journal.readAll());
  }

  /**
   * The connection is linked here. With a journal, what its file holds is read first (another process may have run
   * it since this one started) and the file is rewritten: this process writes it from now on.
   */
  attach(whatsappId: number, number: string, events: ProviderEvents): void {
    this.qrCodes.delete(whatsappId);
    this.pairingCodes.delete(whatsappId);
    if (this.journal) {
      this.replay(this.journal.of(whatsappId).read());
      this.compact(whatsappId);
    }
    this.connections.set(whatsappId, { whatsappId, number, events });
  }

  /** Reads every connection's journal again: the deliveries other processes made since (no-op without a journal). */
  refresh(): void {
    if (this.journal) this.replay(this.journal.readAll());
  }

  detach(whatsappId: number): void {
    this.qrCodes.delete(whatsappId);
    this.pairingCodes.delete(whatsappId);
    this.connections.delete(whatsappId);
  }

  /** The connection shows a pairing code for `number`; `onLink` links it when that phone types the code. */
  showPairingCode(whatsappId: number, number: string, code: string, onLink: () => void): void {
    this.pairingCodes.set(whatsappId, { number: number.replace(/\D/g, ''), code: normalisePairingCode(code), onLink });
  }

  /**
   * The phone of `number` types a pairing code (WhatsApp: Linked devices, Link with phone number): it links the
   * connection of `whatsappId` (or, unnamed, whichever connection shows a code for this number) when the code is
   * the one shown for this number. A wrong code links nothing and the code shown stays valid.
   */
  enterPairingCode(number: string, code: string, whatsappId?: number): PairingOutcome {
    const digits = number.replace(/\D/g, '');
    const typed = normalisePairingCode(code);
    const waiting = [...this.pairingCodes].filter(([id, p]) => p.number === digits && (whatsappId === undefined || id === whatsappId));
    if (!waiting.length) return 'none';
    const match = waiting.find(([, p]) => p.code === typed);
    if (!match) return 'wrong';
    this.pairingCodes.delete(match[0]);
    match[1].onLink();
    return 'linked';
  }

  /** Whether the connection shows a pairing code here (for this number, when named). */
  showsPairingCode(whatsappId: number, number?: string): boolean {
    const p = this.pairingCodes.get(whatsappId);
    return Boolean(p && (number === undefined || p.number === number.replace(/\D/g, '')));
  }

  /** The connection shows a QR code; `onScan` links it when a phone scans it. */
  showQrCode(whatsappId: number, onScan: () => void): void {
    this.qrCodes.set(whatsappId, onScan);
  }

  /** A phone scans the QR code the connection shows: false when it shows none (connected, or not started). */
  scanQrCode(whatsappId: number): boolean {
    const onScan = this.qrCodes.get(whatsappId);
    if (!onScan) return false;
    this.qrCodes.delete(whatsappId);
    onScan();
    return true;
  }

  isAttached(whatsappId: number): boolean {
    return this.connections.has(whatsappId);
  }

  phone(number: string, name?: string): SandboxPhone {
    const digits = number.replace(/\D/g, '');
    let phone = this.phones.get(digits);
    if (!phone) {
      phone = { number: digits, name: name ?? `Sandbox ${digits.slice(-4)}`, inbox: [], readByConnection: new Set(), presenceSeen: new Map(), calls: [] };
      this.phones.set(digits, phone);
    } else if (name) {
      phone.name = name;
    }
    return phone;
  }

  /**
   * Saves a number in a connection's address book, as its owner would on the phone. Exchanging a message
   * saves the other side too (under the phone's own name), as WhatsApp lists the chats an account has.
   */
  saveContact(whatsappId: number, number: string, name?: string): void {
    const phone = this.phone(number);
    let book = this.books.get(whatsappId);
    if (!book) this.books.set(whatsappId, (book = new Map<string, string>()));
    if (name || !book.has(phone.number)) book.set(phone.number, name ?? phone.name);
  }

  /**
   * Whether a number has an account on the sandbox network: any number of 10 to 15 digits (country code, area
   * code, number) does, unless it was marked as having none (`withoutAccount`), as a test or the demo wishes.
   */
  hasAccount(number: string): boolean {
    const digits = number.replace(/\D/g, '');
    return digits.length >= 10 && digits.length <= 15 && !this.noAccount.has(digits);
  }

  /** Marks a number as having no WhatsApp account (checks answer false; it can still be written to, as nothing arrives). */
  withoutAccount(number: string): void {
    this.noAccount.add(number.replace(/\D/g, ''));
  }

  /** The connection's address book: only the numbers saved in it or that exchanged messages with it. */
  phoneBook(whatsappId: number): { name: string; number: string }[] {
    return [...(this.books.get(whatsappId) ?? [])].map(([number, name]) => ({ number, name }));
  }

  /** Resolves when the next message reaches `number` (tests and the demo's auto-replies listen here). */
  onDelivery(listener: (phone: SandboxPhone, message: SandboxInboxMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A phone sends a message to a connection and does not wait for it to be stored: answers the provider id at once
   * (tests and benchmarks that watch the pipeline's events). A message that could not be stored is dropped.
   */
  sendFromPhone(number: string, whatsappId: number, input: PhoneMessageInput): string {
    const { providerId, stored } = this.transmit(number, whatsappId, input);
    stored.catch(() => undefined);
    return providerId;
  }

  /**
   * A phone sends a message to a connection, as WhatsApp delivers one: answers the provider id once the connection
   * has stored it (committed), and rejects when it could not, so the phone can send it again.
   */
  async sendFromPhoneStored(number: string, whatsappId: number, input: PhoneMessageInput): Promise<string> {
    const { providerId, stored } = this.transmit(number, whatsappId, input);
    await stored;
    return providerId;
  }

  private transmit(number: string, whatsappId: number, input: PhoneMessageInput): { providerId: string; stored: Promise<void> } {
    const connection = this.connections.get(whatsappId);
    if (!connection) throw new Error(`sandbox connection ${whatsappId} is not connected`);
    const phone = this.phone(number);
    this.saveContact(whatsappId, phone.number);
    const providerId = input.providerId ?? `SB${randomBytes(10).toString('hex').toUpperCase()}`;
    const message: InboundMessage = {
      providerId,
      chatId: input.groupId ?? phone.number,
      isGroup: Boolean(input.groupId),
      fromMe: false,
      participant: input.groupId ? phone.number : undefined,
      pushName: phone.name,
      timestamp: new Date(),
      type: input.type ?? (input.media ? mediaTypeOf(input.media.mimetype) : 'chat'),
      body: input.body ?? '',
      media: input.media,
      quotedProviderId: input.quotedProviderId,
      dataJson: input.dataJson,
    };
    if (!input.groupId) this.wroteAt(whatsappId, phone.number, message.timestamp);
    return { providerId, stored: connection.events.message(whatsappId, message) };
  }

  /**
   * A phone calls a connection (voice or video): the connection hears the offer, and this resolves once it has
   * decided (rejected it, or let it ring), with the call as the phone then sees it.
   */
  async callFromPhone(number: string, whatsappId: number, options: { isVideo?: boolean } = {}): Promise<SandboxCall> {
    const connection = this.connections.get(whatsappId);
    if (!connection) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    const phone = this.phone(number);
    const call: SandboxCall = {
      id: `SBCALL${randomBytes(8).toString('hex').toUpperCase()}`,
      whatsappId,
      isVideo: options.isVideo === true,
      status: 'ringing',
      at: new Date(),
    };
    phone.calls.push(call);
    if (phone.calls.length > 100) phone.calls.shift();
    const offer: IncomingCall = { id: call.id, from: phone.number, isVideo: call.isVideo, isGroup: false };
    await connection.events.call?.(whatsappId, offer);
    return { ...call };
  }

  /** The connection declines a call: the caller's phone stops ringing. */
  rejectCall(whatsappId: number, callId: string, from: string): void {
    if (!this.connections.has(whatsappId)) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    const call = this.phone(from).calls.find((c) => c.id === callId && c.whatsappId === whatsappId);
    if (call) call.status = 'rejected';
  }

  /** A phone shows the connection it is typing, recording, online or gone (not journaled: presence is of the moment). */
  presenceFromPhone(number: string, whatsappId: number, presence: ChatPresence): void {
    const connection = this.connections.get(whatsappId);
    if (!connection) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    connection.events.presence?.(whatsappId, this.phone(number).number, presence);
  }

  /** A connection shows a phone it is typing, recording or online: the phone sees the latest (GET /sandbox/phones/{number}/presence). */
  presenceToPhone(whatsappId: number, to: string, presence: ChatPresence): void {
    if (!this.connections.has(whatsappId)) throw new ProviderError(`sandbox connection ${whatsappId} is not connected`, 'ERR_WAPP_NOT_INITIALIZED');
    this.phone(to).presenceSeen.set(whatsappId, { presence, at: new Date() });
  }

  /**
   * A connection sends to a phone: lands in the phone's inbox (and the journal, before this answers); the network
   * acks sent then delivered. The message goes under `content.providerId` when given: sent again under an id the
   * phone already has, it is acknowledged again and not shown twice.
   */
  deliverToPhone(whatsappId: number, to: string, content: OutboundContent): { providerId: string; timestamp: Date } {
    const connection = this.connections.get(whatsappId);
    if (!connection) throw new Error(`sandbox connection ${whatsappId} is not connected`);
    const phone = this.phone(to);
    this.saveContact(whatsappId, phone.number);
    const providerId = content.providerId ?? `SB${randomBytes(10).toString('hex').toUpperCase()}`;
    const known = this.delivered.get(deliveryKey(whatsappId, providerId));
    if (known) {
      setImmediate(() => {
        for (const ack of [2, 3, ...(known.ack > 3 ? [known.ack] : [])]) connection.events.ack(whatsappId, providerId, ack);
      });
      return { providerId, timestamp: known.receivedAt };
    }
    const message: SandboxInboxMessage = {
      providerId,
      from: connection.number,
      whatsappId,
      type: content.type,
      body: content.body,
      media: content.media ? { mimetype: content.media.mimetype, filename: content.media.filename, size: 0 } : undefined,
      ...(content.type === 'audio' && content.voiceNote && content.media ? { ptt: true } : {}),
      quotedProviderId: content.quotedProviderId,
      ack: 3,
      receivedAt: new Date(),
    };
    this.keep(phone, message);
    this.record({ k: 'deliver', to: phone.number, m: { ...message, receivedAt: message.receivedAt.toISOString() } });
    // The server acknowledges at once; delivery is reported as a separate event, as the real network does.
    setImmediate(() => {
      connection.events.ack(whatsappId, providerId, 2);
      connection.events.ack(whatsappId, providerId, 3);
    });
    for (const l of this.listeners) l(phone, message);
    return { providerId, timestamp: message.receivedAt };
  }

  /** When the phone last wrote to the connection (not in a group): the official API's window runs 24 h from then. */
  lastInboundAt(whatsappId: number, number: string): Date | undefined {
    return this.lastInbound.get(deliveryKey(whatsappId, number.replace(/\D/g, '')));
  }

  /** Moves the phone's last message to the connection `ms` back in time (a demo or test closes its window); answers the new time. */
  ageLastInbound(whatsappId: number, number: string, ms: number): Date | undefined {
    const at = this.lastInboundAt(whatsappId, number);
    if (!at) return undefined;
    this.wroteAt(whatsappId, number.replace(/\D/g, ''), new Date(at.getTime() - ms));
    return this.lastInboundAt(whatsappId, number);
  }

  private wroteAt(whatsappId: number, number: string, at: Date): void {
    this.lastInbound.set(deliveryKey(whatsappId, number), at);
    this.record({ k: 'inbound', from: number, w: whatsappId, at: at.toISOString() });
  }

  /** The phone opens the chat: every message from that connection becomes read (4). */
  read(number: string, whatsappId?: number): string[] {
    const phone = this.phone(number);
    const read: string[] = [];
    for (const m of phone.inbox) {
      if ((whatsappId === undefined || m.whatsappId === whatsappId) && m.ack < 4) {
        m.ack = 4;
        this.record({ k: 'ack', to: phone.number, w: m.whatsappId, id: m.providerId, ack: 4 });
        read.push(m.providerId);
        this.connections.get(m.whatsappId)?.events.ack(m.whatsappId, m.providerId, 4);
      }
    }
    return read;
  }

  /** The phone plays an audio message (5). */
  play(number: string, providerId: string): void {
    const phone = this.phone(number);
    const m = phone.inbox.find((x) => x.providerId === providerId);
    if (!m) throw new Error('no such message in the inbox');
    m.ack = 5;
    this.record({ k: 'ack', to: phone.number, w: m.whatsappId, id: m.providerId, ack: 5 });
    this.connections.get(m.whatsappId)?.events.ack(m.whatsappId, m.providerId, 5);
  }

  edit(whatsappId: number, to: string, providerId: string, body: string): void {
    const m = this.phone(to).inbox.find((x) => x.providerId === providerId && x.whatsappId === whatsappId);
    if (m) {
      m.body = body;
      m.edited = true;
      this.record({ k: 'edit', to: this.phone(to).number, w: whatsappId, id: providerId, body });
    }
  }

  delete(whatsappId: number, to: string, providerId: string): void {
    const m = this.phone(to).inbox.find((x) => x.providerId === providerId && x.whatsappId === whatsappId);
    if (m) {
      m.deleted = true;
      this.record({ k: 'delete', to: this.phone(to).number, w: whatsappId, id: providerId });
    }
  }

  markReadByConnection(chatId: string, providerIds: string[]): void {
    const phone = this.phones.get(chatId);
    for (const id of providerIds) phone?.readByConnection.add(id);
  }

  /** A phone edits a message it sent earlier. */
  editFromPhone(whatsappId: number, providerId: string, body: string): void {
    this.connections.get(whatsappId)?.events.edit(whatsappId, providerId, body);
  }

  revokeFromPhone(whatsappId: number, providerId: string): void {
    this.connections.get(whatsappId)?.events.revoke(whatsappId, providerId);
  }

  /** Adds a message to a phone's inbox, dropping the oldest past SANDBOX_INBOX_LIMIT. */
  private keep(phone: SandboxPhone, message: SandboxInboxMessage): void {
    phone.inbox.push(message);
    this.delivered.set(deliveryKey(message.whatsappId, message.providerId), message);
    while (phone.inbox.length > SANDBOX_INBOX_LIMIT) {
      const old = phone.inbox.shift()!;
      this.delivered.delete(deliveryKey(old.whatsappId, old.providerId));
    }
  }

  /** Writes a change to its connection's journal, if any; compacts that once it has grown past its bound. */
  private record(entry: SandboxJournalEntry): void {
    const whatsappId = entry.k === 'deliver' ? entry.m.whatsappId : entry.w;
    if (this.journal && !this.journal.of(whatsappId).append(entry)) this.compact(whatsappId);
  }

  /** The connection's journal becomes its current messages in the inboxes, one line per message. */
  private compact(whatsappId: number): void {
    const entries: SandboxJournalEntry[] = [];
    for (const phone of this.phones.values()) {
      for (const m of phone.inbox) {
        if (m.whatsappId === whatsappId) entries.push({ k: 'deliver', to: phone.number, m: { ...m, receivedAt: m.receivedAt.toISOString() } });
      }
    }
    for (const [key, at] of this.lastInbound) {
      const [w, from] = key.split(':');
      if (Number(w) === whatsappId) entries.push({ k: 'inbound', from, w: whatsappId, at: at.toISOString() });
    }
    this.journal?.of(whatsappId).rewrite(entries);
  }

  /**
   * Applies journal entries to the inboxes (and the connections' address books). Applying one again changes nothing
   * (one message per id; acks only go up), so a process may read the same files as often as it likes.
   */
  private replay(entries: SandboxJournalEntry[]): void {
    for (const e of entries) {
      if (e.k === 'deliver') {
        const phone = this.phone(e.to);
        const known = this.delivered.get(deliveryKey(e.m.whatsappId, e.m.providerId));
        if (known) {
          // A rewritten journal holds each message once, with what happened to it since.
          known.ack = Math.max(known.ack, e.m.ack);
          if (e.m.edited) Object.assign(known, { body: e.m.body, edited: true });
          if (e.m.deleted) known.deleted = true;
          continue;
        }
        this.keep(phone, { ...e.m, receivedAt: new Date(e.m.receivedAt) });
        this.saveContact(e.m.whatsappId, phone.number);
        continue;
      }
      if (e.k === 'inbound') {
        // in the file's order: the last line is the latest time (aged ones included)
        this.lastInbound.set(deliveryKey(e.w, e.from), new Date(e.at));
        continue;
      }
      const m = this.delivered.get(deliveryKey(e.w, e.id));
      if (!m) continue;
      if (e.k === 'ack') m.ack = Math.max(m.ack, e.ack);
      else if (e.k === 'edit') Object.assign(m, { body: e.body, edited: true });
      else m.deleted = true;
    }
  }
}

const deliveryKey = (whatsappId: number, providerId: string) => `${whatsappId}:${providerId}`;

export function mediaTypeOf(mimetype: string): MediaType {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'application';
}
