import type { CompanyId } from '../../common/tenancy/company-id';
import type { ConnectionStatus, ProviderName } from '../whatsapps/whatsapp.entity';
import type { MediaType } from './message-kinds';

/** A message as a provider reports it, before it is stored. */
export interface InboundMessage {
  /** The provider's id of the message: with the connection, the idempotency key. */
  providerId: string;
  /** Digits of the contact's number, or the group's id. */
  chatId: string;
  isGroup: boolean;
  /** Sent from the connected phone itself (another device of the company). */
  fromMe: boolean;
  /** In groups: who sent it. */
  participant?: string;
  /** The name the sender set on their phone. */
  pushName?: string;
  timestamp: Date;
  type: MediaType;
  body: string;
  media?: { data: Buffer; mimetype: string; filename?: string };
  quotedProviderId?: string;
  dataJson?: Record<string, unknown>;
}

/** A voice or video call ringing at the connection, as a provider reports its offer. */
export interface IncomingCall {
  /** The provider's id of the call (what rejecting it names). */
  id: string;
  /** Digits of the caller's number. */
  from: string;
  isVideo: boolean;
  /** A group call (the connection was invited into a call of a group). */
  isGroup: boolean;
}

export interface StatusExtra {
  qrcode?: string | null;
  number?: string | null;
  pairingCode?: string | null;
  retries?: number;
  /** Official API: the number's quality rating and messaging limit tier, when the Graph API reports them. */
  qualityRating?: string | null;
  messagingLimit?: string | null;
}

export interface ProviderEvents {
  /**
   * A status change. `retries`: QR codes shown so far in this login. A provider that reports DISCONNECTED on its
   * own (logged out from the phone, QR never scanned) has ended the session: the session's owner lets it go.
   */
  status(whatsappId: number, status: ConnectionStatus, extra?: StatusExtra): void;
  /**
   * An inbound message. Resolves once it is committed to PostgreSQL (or was stored before: duplicates are skipped);
   * rejects when it could not be stored. A provider acknowledges the message to its sender only after this resolves,
   * wherever its protocol lets it wait (see ticket/ingest/README.md).
   */
  message(whatsappId: number, message: InboundMessage): Promise<void>;
  /** 1 server, 2 sent, 3 delivered, 4 read, 5 played. */
  ack(whatsappId: number, providerId: string, ack: number): void;
  /**
   * A message the network accepted and later reported undeliverable (the official API's `failed` status): `code` is
   * one of the API's error codes (ERR_WINDOW_CLOSED, ERR_WAPP_INVALID_CONTACT, ERR_SENDING_WAPP_MSG, ...), `reason`
   * the network's own words. The message shows as failed with its reason.
   */
  failed?(whatsappId: number, providerId: string, code: string, reason: string): void;
  edit(whatsappId: number, providerId: string, body: string): void;
  revoke(whatsappId: number, providerId: string): void;
  /** A contact's presence in their chat with the connection (typing, recording, online), where the network tells it. */
  presence?(whatsappId: number, chatId: string, state: ChatPresence): void;
  /**
   * A call starts ringing at the connection (offered once per call). Resolves once the platform has decided what to
   * do with it (rejected through `rejectCall`, or left ringing); a provider need not wait for it.
   */
  call?(whatsappId: number, call: IncomingCall): Promise<void>;
}

/** WhatsApp's presence states (a contact's, or the one the attendant shows the contact). */
export type ChatPresence = 'available' | 'unavailable' | 'composing' | 'recording' | 'paused';
export const CHAT_PRESENCES: readonly ChatPresence[] = ['available', 'unavailable', 'composing', 'recording', 'paused'];

export interface OutboundContent {
  type: MediaType;
  body: string;
  /**
   * The id the message is sent under, chosen by the caller before the first call (both providers take it). Sending
   * again under the same id is the same message: the recipient shows it once.
   */
  providerId?: string;
  /**
   * The file: `path` is its key in the media store (`company12/messages/2026-11/<random>.png`), which the provider
   * running the session reads it from (that may be another process, on another machine).
   */
  media?: { path: string; mimetype: string; filename: string };
  quotedProviderId?: string;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  vcard?: string;
  /** An audio recorded as a voice note (sent as one, converted to Opus); other audio goes as a plain audio file. */
  voiceNote?: boolean;
  /**
   * Official API: send this approved template instead of free text (`body` then holds its text as rendered, for the
   * chat). `params` are the body variables' values in order, placeholders already filled.
   */
  template?: { name: string; language: string; params: string[] };
  /** A reaction (type `reactionMessage`): the emoji is `body`, the reacted message `quotedProviderId`. */
}

/** A message template of an official connection's business account, as the Graph API lists it. */
export interface ProviderTemplate {
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED: only APPROVED ones can be sent. */
  status: string;
  /** MARKETING, UTILITY, AUTHENTICATION. */
  category: string;
  /** The body's text with its variables as {{1}}, {{2}}, ... (or named ones as {{name}}). */
  body: string;
  header?: string | null;
  footer?: string | null;
  /** How many body variables the template takes. */
  params: number;
}

export interface ConnectionHandle {
  id: number;
  companyId: CompanyId;
  session?: unknown;
  /** Log in with a pairing code for this number (digits) instead of a QR code, when not logged in yet. */
  pairingNumber?: string | null;
}

/**
 * WhatsApp behind one interface. Implementations: `sandbox` (an in-process simulated phone network, for the
 * demo and tests) and `baileys` (the real network). Everything else in the API talks to this, never to a library.
 */
export interface MessagingProvider {
  readonly name: ProviderName;
  connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void>;
  /** Ends the session here; the login stays (another process, or a later start, resumes it without a QR code). */
  disconnect(whatsappId: number): Promise<void>;
  /** Unlinks this device from the phone (the session must be running here); the auth state is then reset. */
  logout?(whatsappId: number): Promise<void>;
  /**
   * Forgets the stored login (auth state) of a connection, wherever its session ran: the next start shows a new QR.
   * Its stored rows are the company's (tenant data), so the company is named.
   */
  reset?(whatsappId: number, companyId: CompanyId): Promise<void>;
  send(whatsappId: number, to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }>;
  edit(whatsappId: number, to: string, providerId: string, body: string): Promise<void>;
  delete(whatsappId: number, to: string, providerId: string): Promise<void>;
  markRead(whatsappId: number, chatId: string, providerIds: string[]): Promise<void>;
  presence(whatsappId: number, to: string, state: ChatPresence): Promise<void>;
  phoneBook(whatsappId: number): Promise<{ name: string; number: string }[]>;
  /** Which of these numbers (digits with country code) have a WhatsApp account, answered for each in order. */
  checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]>;
  /** Declines a call the connection reported (`ProviderEvents.call`): the caller's phone stops ringing. */
  rejectCall?(whatsappId: number, call: Pick<IncomingCall, 'id' | 'from'>): Promise<void>;
  /** Official API: the business account's message templates (all statuses). */
  templates?(whatsappId: number): Promise<ProviderTemplate[]>;
}

/** Whether a number has a WhatsApp account; `number` is the account's own number when it has one (it may differ, e.g. Brazil's ninth digit). */
export interface NumberCheck {
  number: string;
  exists: boolean;
}

/** A provider's refusal; `code` (an error code of the API's catalogue) travels to the caller, across processes too. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
