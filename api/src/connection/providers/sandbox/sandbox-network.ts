import { randomBytes } from 'node:crypto';
import type { InboundMessage, OutboundContent, ProviderEvents } from '../messaging-provider';
import type { MediaType } from '../message-kinds';

export interface SandboxInboxMessage {
  providerId: string;
  /** The connection's number. */
  from: string;
  whatsappId: number;
  type: MediaType;
  body: string;
  media?: { mimetype: string; filename: string; size: number };
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
}

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
 * matters to the platform except that no radio is involved. One network per process.
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

  attach(whatsappId: number, number: string, events: ProviderEvents): void {
    this.qrCodes.delete(whatsappId);
    this.connections.set(whatsappId, { whatsappId, number, events });
  }

  detach(whatsappId: number): void {
    this.qrCodes.delete(whatsappId);
    this.connections.delete(whatsappId);
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
      phone = { number: digits, name: name ?? `Sandbox ${digits.slice(-4)}`, inbox: [], readByConnection: new Set() };
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

  /** A phone sends a message to a connection. Answers the provider id. */
  sendFromPhone(number: string, whatsappId: number, input: PhoneMessageInput): string {
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
    connection.events.message(whatsappId, message);
    return providerId;
  }

  /** A connection sends to a phone: lands in the phone's inbox; the network acks sent then delivered. */
  deliverToPhone(whatsappId: number, to: string, content: OutboundContent): { providerId: string; timestamp: Date } {
    const connection = this.connections.get(whatsappId);
    if (!connection) throw new Error(`sandbox connection ${whatsappId} is not connected`);
    const phone = this.phone(to);
    this.saveContact(whatsappId, phone.number);
    const providerId = `SB${randomBytes(10).toString('hex').toUpperCase()}`;
    const message: SandboxInboxMessage = {
      providerId,
      from: connection.number,
      whatsappId,
      type: content.type,
      body: content.body,
      media: content.media ? { mimetype: content.media.mimetype, filename: content.media.filename, size: 0 } : undefined,
      quotedProviderId: content.quotedProviderId,
      ack: 3,
      receivedAt: new Date(),
    };
    phone.inbox.push(message);
    // The server acknowledges at once; delivery is reported as a separate event, as the real network does.
    setImmediate(() => {
      connection.events.ack(whatsappId, providerId, 2);
      connection.events.ack(whatsappId, providerId, 3);
    });
    for (const l of this.listeners) l(phone, message);
    return { providerId, timestamp: message.receivedAt };
  }

  /** The phone opens the chat: every message from that connection becomes read (4). */
  read(number: string, whatsappId?: number): string[] {
    const phone = this.phone(number);
    const read: string[] = [];
    for (const m of phone.inbox) {
      if ((whatsappId === undefined || m.whatsappId === whatsappId) && m.ack < 4) {
        m.ack = 4;
        read.push(m.providerId);
        this.connections.get(m.whatsappId)?.events.ack(m.whatsappId, m.providerId, 4);
      }
    }
    return read;
  }

  /** The phone plays an audio message (5). */
  play(number: string, providerId: string): void {
    const m = this.phone(number).inbox.find((x) => x.providerId === providerId);
    if (!m) throw new Error('no such message in the inbox');
    m.ack = 5;
    this.connections.get(m.whatsappId)?.events.ack(m.whatsappId, m.providerId, 5);
  }

  edit(whatsappId: number, to: string, providerId: string, body: string): void {
    const m = this.phone(to).inbox.find((x) => x.providerId === providerId && x.whatsappId === whatsappId);
    if (m) {
      m.body = body;
      m.edited = true;
    }
  }

  delete(whatsappId: number, to: string, providerId: string): void {
    const m = this.phone(to).inbox.find((x) => x.providerId === providerId && x.whatsappId === whatsappId);
    if (m) m.deleted = true;
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
}

export function mediaTypeOf(mimetype: string): MediaType {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'application';
}
